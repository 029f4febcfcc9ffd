/** Deleting an order behind its confirmation; `onDeleted` runs after the server agreed. */
import { useState } from 'react';
import { decodeToken } from '@/lib/jwt';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { useErrorNotice } from '@/lib/use-error-notice';
import type { ScheduleRecord } from '../api/schedule-types';
import { useDeleteSchedule } from '../api/schedules-api';
import { useScheduleText } from './use-schedule-text';

export function useDeleteOrder(onDeleted?: () => void) {
  const { t } = useScheduleText();
  const remove = useDeleteSchedule();
  const showError = useErrorNotice();
  const email = decodeToken(useSession((s) => s.token))?.userEmail ?? '';
  const [target, setTarget] = useState<ScheduleRecord | null>(null);
  return {
    target,
    busy: remove.isPending,
    ask: setTarget,
    close: () => setTarget(null),
    confirm: () => {
      if (!target) return;
      remove.mutate(
        { id: target._id, deletedBy: email },
        {
          onSuccess: ({ message }) => {
            notify(message ?? t('web.schedules.delete.done'), 'success');
            setTarget(null);
            onDeleted?.();
          },
          onError: (e) => {
            setTarget(null);
            showError(e);
          },
        },
      );
    },
  };
}
