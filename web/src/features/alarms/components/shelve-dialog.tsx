/**
 * Shelves an alarm point for a while with the reason, which the server audits: the reason is
 * required (said on the field before anything is sent); the server's field errors show on their
 * fields, anything else above the buttons.
 */
import { Modal, Select, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { FormDialogActions } from '@/components/form-dialog-actions';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { DEFAULT_SHELVE_MINUTES, SHELVE_MINUTES, type AlarmRow } from '../api/alarm-types';
import { useShelveAlarm } from '../api/alarms-api';

export interface ShelveDialogProps {
  /** The point to shelve; null closes the dialog. */
  row: AlarmRow | null;
  onClose: () => void;
}

export function ShelveDialog({ row, onClose }: ShelveDialogProps) {
  const intl = useIntl();
  return (
    <Modal opened={row !== null} onClose={onClose} title={row ? intl.formatMessage({ id: 'web.alarms.shelveOf' }, { code: row.code, line: row.lineName }) : ''} centered>
      {/* A form per point: what was typed for one is not offered for the next. */}
      {row ? <ShelveForm key={row.key} row={row} onClose={onClose} /> : null}
    </Modal>
  );
}

function ShelveForm({ row, onClose }: { row: AlarmRow; onClose: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const shelve = useShelveAlarm();
  const [minutes, setMinutes] = useState(String(DEFAULT_SHELVE_MINUTES));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const durations = SHELVE_MINUTES.map((m) => ({ value: String(m), label: m < 60 ? t('web.alarms.minutes', { count: m }) : t('web.alarms.hours', { count: m / 60 }) }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setErrors({ reason: t('web.alarms.reasonRequired') });
      return;
    }
    setErrors({});
    setProblem(null);
    shelve.mutate(
      { id: row.id, minutes: Number(minutes), reason: reason.trim() },
      {
        onSuccess: ({ message }) => {
          notify(message ?? t('web.alarms.shelvedDone'), 'success');
          onClose();
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? (err.body?.errors ?? {}) : {};
          setErrors(fields);
          if (!fields.reason && !fields.minutes) setProblem((err instanceof ApiError ? err.firstError() : undefined) ?? t('server.error'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="shelve-dialog">
      <Stack gap="md">
        <Select
          label={t('web.alarms.duration')}
          data={durations}
          value={minutes}
          onChange={(v) => v && setMinutes(v)}
          allowDeselect={false}
          error={errors.minutes}
          data-testid="shelve-minutes"
        />
        <Textarea
          label={t('web.alarms.reason')}
          description={t('web.alarms.reasonHint')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason}
          required
          rows={3}
          data-autofocus
          data-testid="shelve-reason"
        />
        <FormDialogActions name="shelve" problem={problem} pending={shelve.isPending} onCancel={onClose} submit={t('web.alarms.shelve')} />
      </Stack>
    </form>
  );
}
