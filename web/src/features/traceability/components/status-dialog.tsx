/**
 * Moves a lot to another status with the reason, which the server audits: the reason is
 * required (said on the field before anything is sent), and the server's messages show on
 * their fields.
 */
import { Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { FormDialogActions } from '@/components/form-dialog-actions';
import { useState, type FormEvent } from 'react';
import { LotStatus as LOT_STATUSES } from '@/generated/enums';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useLotStatus } from '../api/lots-api';
import type { Lot, LotStatus } from '../api/trace-types';
import { useTraceText } from '../hooks/use-trace-text';
import { LotStatusBadge } from './lot-status-badge';

export interface StatusDialogProps {
  /** The lot to move; null closes the dialog. */
  lot: Pick<Lot, '_id' | 'lotNumber' | 'status'> | null;
  onClose: () => void;
}

export function StatusDialog({ lot, onClose }: StatusDialogProps) {
  const { t } = useTraceText();
  return (
    <Modal opened={lot !== null} onClose={onClose} title={lot ? t('web.trace.statusOf', { lot: lot.lotNumber }) : ''} centered>
      {/* A body per lot: what was typed for one lot is not offered for the next. */}
      {lot ? <StatusForm key={lot._id} lot={lot} onClose={onClose} /> : null}
    </Modal>
  );
}

function StatusForm({ lot, onClose }: { lot: NonNullable<StatusDialogProps['lot']>; onClose: () => void }) {
  const { t } = useTraceText();
  const move = useLotStatus();
  const targets = LOT_STATUSES.filter((s) => s !== lot.status);
  const [status, setStatus] = useState<LotStatus>(lot.status === 'RELEASED' ? 'BLOCKED' : 'RELEASED');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setErrors({ reason: t('web.trace.reasonRequired') });
      return;
    }
    setErrors({});
    setProblem(null);
    move.mutate(
      { id: lot._id, body: { status, reason: reason.trim() } },
      {
        onSuccess: ({ message }) => {
          notify(message ?? t('web.trace.statusChanged'), 'success');
          onClose();
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? (err.body?.errors ?? {}) : {};
          setErrors(fields);
          if (!fields.reason && !fields.status) setProblem((err instanceof ApiError ? err.firstError() : undefined) ?? t('server.error'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="status-dialog">
      <Stack gap="md">
        <Group gap="xs">
          <Text size="sm">{t('web.trace.statusNow')}</Text>
          <LotStatusBadge status={lot.status} />
        </Group>
        <Radio.Group label={t('web.trace.newStatus')} value={status} onChange={(v) => setStatus(v)} error={errors.status} required>
          <Group mt="xs">
            {targets.map((s) => (
              <Radio key={s} value={s} label={t(`web.trace.status.${s}`)} data-testid={`status-${s}`} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label={t('web.trace.reason')}
          description={t('web.trace.reasonHint')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason}
          required
          rows={3}
          data-autofocus
          data-testid="status-reason"
        />
        <FormDialogActions name="status" problem={problem} pending={move.isPending} onCancel={onClose} submit={t(`web.trace.moveTo.${status}`)} color={status === 'BLOCKED' ? '#c92a2a' : undefined} />
      </Stack>
    </form>
  );
}
