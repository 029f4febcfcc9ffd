/** "Insert flush" on an order at carry-over risk: a flush placed right before it. */
import { notify } from '@/lib/notify';
import { useErrorNotice } from '@/lib/use-error-notice';
import { useInsertFlush } from '../api/schedules-api';
import { useScheduleText } from './use-schedule-text';

export function useFlushBefore() {
  const { t } = useScheduleText();
  const flush = useInsertFlush();
  const showError = useErrorNotice();
  return {
    /** The order a flush is being placed before. */
    pending: flush.isPending ? flush.variables : undefined,
    insert: (beforeId: string) =>
      flush.mutate(beforeId, {
        onSuccess: ({ message }) => notify(message ?? t('web.schedules.flushPlaced'), 'success'),
        onError: showError,
      }),
  };
}
