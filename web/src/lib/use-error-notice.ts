import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/**
 * Shows an api failure as a danger notification: its first field error, else its message, else
 * the text of `fallback` ("Server Error" unless told).
 */
export function useErrorNotice(fallback = 'server.error') {
  const intl = useIntl();
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) return; // already logged out
    const text = error instanceof ApiError ? error.firstError() : undefined;
    notify(text ?? intl.formatMessage({ id: fallback }), 'danger');
  };
}

/** Shows the failure of a query once, as `useErrorNotice` does. */
export function useQueryErrorNotice(query: { isError: boolean; error: unknown }) {
  const showError = useErrorNotice();
  useEffect(() => {
    if (query.isError) showError(query.error);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.isError, query.error]);
}
