/**
 * /shiftlog/:id: an entry — its line, shift and date with the shift's times in plant time, the
 * production summary (as handed over, or so far), the notes and open items (changed until the
 * handover by a user who may write), the handover, and the PDF.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { useShiftLog } from '../api/shift-log-api';
import { useShiftLogAccess } from '../hooks/use-shift-log-access';
import { useShiftLogText } from '../hooks/use-shift-log-text';
import { shiftLogPaths } from '../utils/paths';
import { HandoverSection } from './handover-section';
import { NotesSection } from './notes-section';
import { OpenItemsSection } from './open-items-section';
import { PdfButton } from './pdf-button';
import { SummarySection } from './summary-section';

export function ShiftLogEntryPage() {
  const { id = '' } = useParams();
  const entry = useShiftLog(id);
  const lineId = entry.data?.lineId;
  const text = useShiftLogText(lineId);
  const { t } = text;
  const access = useShiftLogAccess();

  if (!entry.data) {
    const missing = entry.error instanceof ApiError && entry.error.status === 404;
    const reason = (entry.error instanceof ApiError ? entry.error.firstError() : undefined) ?? t('server.error');
    return (
      <section aria-labelledby="screen-title" aria-busy={entry.isPending}>
        <Title order={1} size="h2" id="screen-title" mb="md">
          {t('web.screen.shiftLog')}
        </Title>
        {entry.isPending ? (
          <Spinner fill />
        ) : (
          <Alert color={missing ? 'gray' : 'red'} variant="light" role="alert" data-testid="shiftlog-problem">
            {reason}
          </Alert>
        )}
        <Button variant="subtle" component={Link} to={shiftLogPaths.list} mt="md">
          {t('web.shiftLog.back')}
        </Button>
      </section>
    );
  }

  const e = entry.data;
  const editable = access.update && !e.handedOverAt;
  return (
    <section aria-labelledby="screen-title" aria-busy={entry.isFetching} data-testid="shiftlog-entry" data-id={e.id}>
      <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2" id="screen-title">
            {t('web.shiftLog.entryTitle', { line: e.lineName, shift: e.shiftName, date: text.day(e.date) })}
          </Title>
          <Text c="dimmed" data-testid="shiftlog-entry-times">
            {t('web.shiftLog.entryTimes', { span: text.span(e.startsAt, e.endsAt), zone: text.zone() })}
          </Text>
          <Text size="sm" c="dimmed" data-testid="shiftlog-entry-written">
            {t('web.shiftLog.writtenByAt', { by: e.createdBy, at: text.dateTime(e.createdAt) })}
            {e.updatedAt !== e.createdAt ? ` · ${t('web.shiftLog.changedByAt', { by: e.updatedBy, at: text.dateTime(e.updatedAt) })}` : ''}
          </Text>
        </div>
        <Group gap="xs">
          <PdfButton entry={e} />
          <Button variant="subtle" component={Link} to={shiftLogPaths.list}>
            {t('web.shiftLog.back')}
          </Button>
        </Group>
      </Group>
      <Stack gap="xl">
        <SummarySection entry={e} />
        <NotesSection key={`notes-${e.id}`} entry={e} editable={editable} />
        <OpenItemsSection key={`items-${e.id}`} entry={e} editable={editable} />
        <HandoverSection key={`handover-${e.id}`} entry={e} canTake={access.update} />
      </Stack>
    </section>
  );
}
