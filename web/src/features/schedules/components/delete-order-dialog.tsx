import { Button, Group, Modal, Text } from '@mantine/core';
import type { ScheduleRecord } from '../api/schedule-types';
import { useScheduleText } from '../hooks/use-schedule-text';

export interface DeleteOrderDialogProps {
  /** The order to delete; null closes the dialog. */
  target: Pick<ScheduleRecord, 'orderNumber'> | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an order goes. */
export function DeleteOrderDialog({ target, busy, onConfirm, onClose }: DeleteOrderDialogProps) {
  const { t } = useScheduleText();
  return (
    <Modal opened={target !== null} onClose={onClose} title={t('web.schedules.delete.title')} closeButtonProps={{ 'aria-label': t('web.schedules.dialog.close') }} centered>
      <Text size="sm">{t('web.schedules.delete.confirm', { order: target?.orderNumber ?? '' })}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('web.schedules.dialog.back')}
        </Button>
        <Button color="#c92a2a" loading={busy} onClick={onConfirm} data-testid="confirm-delete">
          {t('web.schedules.delete.action')}
        </Button>
      </Group>
    </Modal>
  );
}
