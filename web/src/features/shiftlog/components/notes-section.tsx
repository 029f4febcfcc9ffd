/**
 * The entry's notes: a text to change and save while the entry is open and the user may write
 * (SHIFTLOG_UPDATE); read-only after the handover. What is typed stays while the entry is asked
 * again (every minute while open) and is dropped once saved.
 */
import { Alert, Button, Group, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { LIMITS } from '@/lib/limits';
import { useEditShiftLog } from '../api/shift-log-api';
import type { ShiftLog } from '../api/shift-log-types';
import { useShiftLogText } from '../hooks/use-shift-log-text';

export function NotesSection({ entry, editable }: { entry: ShiftLog; editable: boolean }) {
  const { t } = useShiftLogText(entry.lineId);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditShiftLog();
  const value = draft ?? entry.notes;
  const changed = draft !== null && draft !== entry.notes;

  const save = () => {
    setError(null);
    edit.mutate(
      { id: entry.id, body: { notes: value } },
      {
        onSuccess: ({ message }) => {
          setDraft(null);
          notify(message ?? t('web.shiftLog.saved'), 'success');
        },
        onError: (err) => setError((err instanceof ApiError ? (err.body?.errors?.notes ?? err.firstError()) : undefined) ?? t('server.error')),
      },
    );
  };

  return (
    <section aria-labelledby="shiftlog-notes" data-testid="shiftlog-notes">
      <Title order={2} size="h4" id="shiftlog-notes" mb="xs">
        {t('web.shiftLog.notes')}
      </Title>
      {editable ? (
        <>
          <Textarea
            aria-labelledby="shiftlog-notes"
            description={t('web.shiftLog.notesHint')}
            value={value}
            maxLength={LIMITS.shiftLogNotes}
            onChange={(e) => setDraft(e.currentTarget.value)}
            // Nothing changes while the notes are being saved (the answer replaces them).
            readOnly={edit.isPending}
            error={error}
            autosize
            minRows={5}
            maxRows={20}
            maw={960}
            data-testid="shiftlog-notes-input"
          />
          <Group mt="xs" gap="sm">
            <Button onClick={save} disabled={!changed} loading={edit.isPending} data-testid="shiftlog-notes-save">
              {t('web.shiftLog.saveNotes')}
            </Button>
            {changed ? (
              <Text size="sm" c="dimmed" data-testid="shiftlog-notes-unsaved">
                {t('web.shiftLog.unsaved')}
              </Text>
            ) : null}
          </Group>
        </>
      ) : entry.notes.trim() ? (
        <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="shiftlog-notes-text">
          {entry.notes}
        </Text>
      ) : (
        <Text c="dimmed" data-testid="shiftlog-notes-text">
          {t('web.shiftLog.noNotes')}
        </Text>
      )}
      {!editable && error ? (
        <Alert color="red" variant="light" role="alert" mt="xs">
          {error}
        </Alert>
      ) : null}
    </section>
  );
}
