/**
 * Asks before a lot or a delivery is deleted, deletes it, and says how that went (the server's
 * message, or its refusal — a lot that was dosed, for one — as an error notice).
 */
import type { UseMutationResult } from '@tanstack/react-query';
import { DeleteDialog } from '@/components/delete-dialog';
import { notify } from '@/lib/notify';
import { useErrorNotice } from '@/lib/use-error-notice';
import { useTraceText } from '../hooks/use-trace-text';

interface Props<T extends { _id: string }> {
  /** The record to delete; null: the dialog is closed. */
  record: T | null;
  /** What the dialog calls it ("Lot M-2211"). */
  name: (record: T) => string;
  remove: UseMutationResult<{ message?: string | null }, Error, string>;
  onClose: () => void;
}

export function RecordDeleteDialog<T extends { _id: string }>({ record, name, remove, onClose }: Props<T>) {
  const { t } = useTraceText();
  const showError = useErrorNotice();
  return (
    <DeleteDialog
      target={record ? name(record) : null}
      busy={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        record &&
        remove.mutate(record._id, {
          onSuccess: ({ message }) => {
            notify(message ?? t('web.config.deleted'), 'success');
            onClose();
          },
          onError: (e) => {
            onClose();
            showError(e);
          },
        })
      }
    />
  );
}
