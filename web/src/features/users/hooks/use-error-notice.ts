import { useIntl } from 'react-intl';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/** Shows an api failure as a danger notification (first field error, else the message). */
export function useErrorNotice() {
  const intl = useIntl();
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) return; // already logged out
    const text = error instanceof ApiError ? error.firstError() : undefined;
    notify(text ?? intl.formatMessage({ id: 'server.error' }), 'danger');
  };
}
