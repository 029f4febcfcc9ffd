import { Button, Group, Modal, Text } from '@mantine/core';
import { useIntl } from 'react-intl';

export interface DeleteDialogProps {
  /** What is deleted ("Scales SC-01"); null closes the dialog. */
  target: string | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a record is deleted. */
export function DeleteDialog({ target, busy, onConfirm, onClose }: DeleteDialogProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <Modal opened={target !== null} onClose={onClose} title={t('web.config.deleteTitle')} centered>
      <Text size="sm">{t('web.config.deleteConfirm', { record: target ?? '' })}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('web.common.cancel')}
        </Button>
        <Button color="#c92a2a" loading={busy} onClick={onConfirm} data-testid="confirm-delete">
          {t('web.config.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
