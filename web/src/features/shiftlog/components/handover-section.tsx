/**
 * The handover: the next shift's operator takes it (SHIFTLOG_UPDATE) with an optional note, from
 * `handoverFrom` (30 minutes before the shift ends) — before then the button is disabled and says
 * when it opens, and it opens by itself at that time. The server refuses whoever wrote or last
 * changed the entry, and a second handover (409): its message shows here. Once taken: who, when
 * and the note.
 */
import { Alert, Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { LIMITS } from '@/lib/limits';
import { useTakeHandover } from '../api/shift-log-api';
import type { ShiftLog } from '../api/shift-log-types';
import { useShiftLogText } from '../hooks/use-shift-log-text';
import { HandoverBadge } from './handover-badge';

/** setTimeout's longest wait (about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Whether instant `at` has come; turns true by itself when it comes. */
function useReached(at: string): boolean {
  const [now, setNow] = useState(() => Date.now());
  const target = Date.parse(at);
  const reached = Number.isFinite(target) && now >= target;
  useEffect(() => {
    if (reached || !Number.isFinite(target)) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(MAX_TIMEOUT_MS, Math.max(0, target - Date.now()) + 50));
    return () => clearTimeout(timer);
  }, [reached, target, now]);
  return reached;
}

export function HandoverSection({ entry, canTake }: { entry: ShiftLog; canTake: boolean }) {
  const text = useShiftLogText(entry.lineId);
  const { t } = text;
  const take = useTakeHandover();
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);
  const opens = useReached(entry.handoverFrom);
  const when = text.dateTime(entry.handoverFrom, entry.lineId);

  const submit = () => {
    setProblem(null);
    setNoteError(null);
    take.mutate(
      { id: entry.id, body: { note: note.trim() || null } },
      {
        onSuccess: ({ message }) => notify(message ?? t('web.shiftLog.handoverDone'), 'success'),
        onError: (err) => {
          const onNote = err instanceof ApiError ? err.body?.errors?.note : undefined;
          if (onNote) setNoteError(onNote);
          else setProblem((err instanceof ApiError ? err.firstError() : undefined) ?? t('server.error'));
        },
      },
    );
  };

  return (
    <section aria-labelledby="shiftlog-handover" data-testid="shiftlog-handover">
      <Title order={2} size="h4" id="shiftlog-handover" mb="xs">
        {t('web.shiftLog.handover')}
      </Title>
      <Paper withBorder radius="sm" p="md">
        {entry.handedOverAt ? (
          <Stack gap={6} data-testid="shiftlog-handover-done">
            <div>
              <HandoverBadge entry={entry} />
            </div>
            <Text data-testid="shiftlog-handover-by">{t('web.shiftLog.handedOverByAt', { by: entry.handedOverBy ?? '—', at: text.dateTime(entry.handedOverAt, entry.lineId) })}</Text>
            {entry.handoverNote ? (
              <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="shiftlog-handover-note">
                <Text span fw={600}>
                  {t('web.shiftLog.handoverNote')}:
                </Text>{' '}
                {entry.handoverNote}
              </Text>
            ) : null}
          </Stack>
        ) : canTake ? (
          <Stack gap="sm" maw={640}>
            <Text size="sm">{t('web.shiftLog.handoverExplain')}</Text>
            <Textarea
              label={t('web.shiftLog.handoverNoteOptional')}
              value={note}
              maxLength={LIMITS.shiftLogHandoverNote}
              onChange={(e) => setNote(e.currentTarget.value)}
              error={noteError}
              autosize
              minRows={2}
              maxRows={8}
              data-testid="shiftlog-handover-note-input"
            />
            {problem ? (
              <Alert color="red" variant="light" role="alert" data-testid="shiftlog-handover-problem">
                {problem}
              </Alert>
            ) : null}
            <div>
              <Button onClick={submit} disabled={!opens} loading={take.isPending} aria-describedby="shiftlog-handover-when" data-testid="shiftlog-handover-take">
                {t('web.shiftLog.takeHandover')}
              </Button>
            </div>
            <Text size="sm" c="dimmed" id="shiftlog-handover-when" data-testid="shiftlog-handover-when">
              {t(opens ? 'web.shiftLog.handoverOpen' : 'web.shiftLog.handoverOpensAt', { at: when })}
            </Text>
          </Stack>
        ) : (
          <Stack gap={6}>
            <div>
              <HandoverBadge entry={entry} />
            </div>
            <Text size="sm" data-testid="shiftlog-handover-when">
              {t(opens ? 'web.shiftLog.handoverOpen' : 'web.shiftLog.handoverOpensAt', { at: when })}
            </Text>
          </Stack>
        )}
      </Paper>
    </section>
  );
}
