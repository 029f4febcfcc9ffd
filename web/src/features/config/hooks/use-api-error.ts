import { useIntl } from 'react-intl';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/**
 * Shows a failed call as a danger notification: the server's message (a 409 "still used by …"
 * has only that), else its first field error, else "Server Error".
 */
export function useApiError() {
  const intl = useIntl();
  return (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) return; // already logged out
    const body = error instanceof ApiError ? error.body : null;
    const first = body?.errors ? Object.values(body.errors)[0] : undefined;
    notify(body?.message ?? first ?? intl.formatMessage({ id: 'server.error' }), 'danger');
  };
}
