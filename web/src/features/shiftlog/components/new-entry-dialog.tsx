/**
 * Writes a new entry: the line, one of its shifts, the local date the shift starts on (today
 * unless chosen otherwise; the plant's days) and the first notes. The server carries in the open
 * items the shift before left undone, and refuses a shift that has its entry (409) or has not
 * begun; its field errors show on their fields, anything else above the buttons. Written, the
 * entry opens.
 */
import { Modal, Select, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormDialogActions } from '@/components/form-dialog-actions';
import { LineSelect } from '@/components/line-select';
import { ApiError } from '@/lib/api-client';
import { LIMITS } from '@/lib/limits';
import { notify } from '@/lib/notify';
import { useLines } from '@/lib/use-lines';
import { useAddShiftLog, useLineShifts } from '../api/shift-log-api';
import type { ShiftRecord } from '../api/shift-log-types';
import { useShiftLogText, type ShiftLogText } from '../hooks/use-shift-log-text';
import { writableDays } from '../utils/dates';
import { shiftLogPaths } from '../utils/paths';

/** The fields the server's errors may name; any other error shows above the buttons. */
const FIELDS = ['lineId', 'shiftId', 'date', 'notes'] as const;

export interface NewEntryDialogProps {
  opened: boolean;
  /** The line chosen at first (the list's, else the first one). */
  initialLineId: string | null;
  onClose: () => void;
}

export function NewEntryDialog({ opened, initialLineId, onClose }: NewEntryDialogProps) {
  const { t } = useShiftLogText();
  return (
    <Modal opened={opened} onClose={onClose} title={t('web.shiftLog.writeTitle')} centered size="lg">
      {/* A fresh form each time: what was typed before is not offered again. */}
      {opened ? <NewEntryForm initialLineId={initialLineId} onClose={onClose} /> : null}
    </Modal>
  );
}

const hhmm = (time: string) => time.slice(0, 5);
const shiftLabel = (s: ShiftRecord) => `${s.name} (${hhmm(s.startTime)}–${hhmm(s.endTime)})`;

function dayLabel(text: ShiftLogText, date: string, index: number): string {
  if (index === 0) return text.t('web.shiftLog.today', { date: text.day(date) });
  if (index === 1) return text.t('web.shiftLog.yesterday', { date: text.day(date) });
  return text.day(date);
}

function NewEntryForm({ initialLineId, onClose }: { initialLineId: string | null; onClose: () => void }) {
  const { lines } = useLines();
  const [lineId, setLineId] = useState<string | null>(initialLineId);
  const text = useShiftLogText(lineId);
  const { t } = text;
  const navigate = useNavigate();
  const shifts = useLineShifts(lineId);
  const offered = (shifts.data ?? []).filter((s) => s.active !== false);
  const [shiftId, setShiftId] = useState<string | null>(null);
  const [now] = useState(() => new Date());
  const days = writableDays(now, text.zone(lineId), LIMITS.shiftLogLateDays);
  const [date, setDate] = useState<string>(days[0]);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddShiftLog();
  // Only one shift: it is the one.
  const chosenShift = shiftId ?? (offered.length === 1 ? offered[0]._id : null);
  const shiftsRefused = shifts.isError ? ((shifts.error instanceof ApiError ? shifts.error.firstError() : undefined) ?? t('server.error')) : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setProblem(null);
    add.mutate(
      { lineId, shiftId: chosenShift, date, notes },
      {
        onSuccess: ({ data, message }) => {
          notify(message ?? t('web.shiftLog.written'), 'success');
          onClose();
          void navigate(shiftLogPaths.entry(data.id));
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? (err.body?.errors ?? {}) : {};
          setErrors(fields);
          if (!FIELDS.some((f) => fields[f])) setProblem((err instanceof ApiError ? err.firstError() : undefined) ?? t('server.error'));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="shiftlog-new-dialog">
      <Stack gap="md">
        <LineSelect
          lines={lines}
          value={lineId}
          onChange={(v) => {
            setLineId(v);
            setShiftId(null);
          }}
          error={errors.lineId}
          required
          maw={undefined}
          data-autofocus
          data-testid="shiftlog-new-line"
        />
        <Select
          label={t('web.shiftLog.shift')}
          placeholder={lineId ? t('web.shiftLog.chooseShift') : t('web.shiftLog.lineFirst')}
          data={offered.map((s) => ({ value: s._id, label: shiftLabel(s) }))}
          value={chosenShift}
          onChange={setShiftId}
          disabled={!lineId}
          error={errors.shiftId ?? shiftsRefused}
          description={lineId && shifts.isSuccess && offered.length === 0 ? t('web.shiftLog.noShifts') : undefined}
          nothingFoundMessage={t('web.shiftLog.noShifts')}
          allowDeselect={false}
          required
          data-testid="shiftlog-new-shift"
        />
        <Select
          label={t('web.shiftLog.date')}
          description={t('web.shiftLog.dateHint')}
          data={days.map((d, i) => ({ value: d, label: dayLabel(text, d, i) }))}
          value={date}
          onChange={(v) => v && setDate(v)}
          error={errors.date}
          allowDeselect={false}
          searchable
          required
          data-testid="shiftlog-new-date"
        />
        <Textarea
          label={t('web.shiftLog.notes')}
          description={t('web.shiftLog.notesHint')}
          value={notes}
          maxLength={LIMITS.shiftLogNotes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          error={errors.notes}
          autosize
          minRows={4}
          maxRows={12}
          data-testid="shiftlog-new-notes"
        />
        <FormDialogActions name="shiftlog-new" problem={problem} pending={add.isPending} onCancel={onClose} submit={t('web.shiftLog.writeSubmit')} />
      </Stack>
    </form>
  );
}
