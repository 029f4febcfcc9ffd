/**
 * "Plant events" on the dashboard (not on the wall display): the plant's event log as the live
 * topic `events` brings it — alarms raised, cleared and acknowledged, batches started and ended,
 * SPC rules broken and connections changing state — newest first, the last 50. Each row: when,
 * to the second in its line's plant time; the line; the kind; and one sentence in the user's
 * language.
 */
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';
import { useLive } from '@/lib/live/live-store';
import type { LiveEvent, LoggedEvent } from '@/lib/live/protocol';
import { plantFormat, zoneOf } from '@/lib/plant-time';
import { useLines } from '@/lib/use-lines';

/** Rows the panel shows (the store keeps more). */
export const EVENTS_SHOWN = 50;

type Kind = LiveEvent['kind'];

/** Each kind's badge: its label and a colour white text reads on at WCAG AA in both themes. */
const KIND: Record<Kind, { label: string; color: string }> = {
  alarm: { label: 'web.live.events.kind.alarm', color: '#b02a37' },
  batch: { label: 'web.live.events.kind.batch', color: '#1e7a34' },
  spc: { label: 'web.live.events.kind.spc', color: '#a65b00' },
  connection: { label: 'web.live.events.kind.connection', color: '#1c5fa8' },
};

const ALARM: Record<'RAISED' | 'CLEARED' | 'ACKED', string> = {
  RAISED: 'web.live.events.alarmRaised',
  CLEARED: 'web.live.events.alarmCleared',
  ACKED: 'web.live.events.alarmAcked',
};

/** The line an event is about. */
export function eventLineId(e: LiveEvent): string {
  return e.kind === 'spc' ? e.violation.lineId : e.lineId;
}

/** When an event happened (a connection's state may come without its `since`). */
export function eventTime(e: LiveEvent): string | null {
  switch (e.kind) {
    case 'alarm':
      return e.alarm.time;
    case 'batch':
      return e.batch.time;
    case 'spc':
      return e.violation.detectedAt;
    case 'connection':
      return e.since ?? null;
  }
}

/** The event as one sentence in the user's language. */
export function eventSentence(intl: IntlShape, e: LiveEvent): string {
  const t = (id: string, values: Record<string, string | number>) => intl.formatMessage({ id }, values);
  switch (e.kind) {
    case 'alarm':
      return t(ALARM[e.alarm.state], { message: e.alarm.message, code: e.alarm.code, severity: e.alarm.severity });
    case 'batch': {
      const b = e.batch;
      if (b.event === 'STARTED') return t('web.live.events.batchStarted', { batchId: b.batchId, recipe: b.recipeName ?? b.recipeCode ?? b.recipeId });
      const aborted = b.status === 'ABORTED';
      if (b.actualKg === null || b.actualKg === undefined) return t(aborted ? 'web.live.events.batchAbortedNoWeight' : 'web.live.events.batchEndedNoWeight', { batchId: b.batchId });
      const actual = intl.formatNumber(b.actualKg, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
      return t(aborted ? 'web.live.events.batchAborted' : 'web.live.events.batchEnded', { batchId: b.batchId, actual });
    }
    case 'spc':
      return t('web.live.events.spc', { rule: e.violation.rule, set: e.violation.setName, batchId: e.violation.batchId });
    case 'connection':
      return t('web.live.events.connection', { name: e.name, state: e.state });
  }
}

const positionKey = (l: LoggedEvent) => `${l.position.epoch}:${l.position.offset}`;

/** The panel; `names` are the lines' names by id (an id without one shows as itself). */
export function PlantEvents({ names }: { names: Record<string, string> }) {
  const intl = useIntl();
  const events = useLive((s) => s.events);
  const { lines } = useLines();
  const shown = events.slice(-EVENTS_SHOWN).reverse();
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby="plant-events-title" data-testid="plant-events" mt="lg">
      <Title order={2} size="h4" id="plant-events-title" mb="xs">
        {intl.formatMessage({ id: 'web.live.events.title' })}
      </Title>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="plant-events-none">
          {intl.formatMessage({ id: 'web.live.events.none' })}
        </Text>
      ) : (
        <Stack component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
          {shown.map((logged) => {
            const e = logged.event;
            const lineId = eventLineId(e);
            // The line's plant time, as its tile's times.
            const plant = plantFormat(intl.locale, zoneOf(lines, lineId));
            const at = eventTime(e);
            const kind = KIND[e.kind];
            return (
              <Group component="li" key={positionKey(logged)} gap="xs" wrap="wrap" align="baseline" data-testid="plant-event" data-kind={e.kind} data-offset={logged.position.offset}>
                <Text component="time" size="sm" ff="monospace" dateTime={at ?? undefined} title={plant.zone} data-testid="plant-event-time">
                  {at ? plant.seconds(at) : '–'}
                </Text>
                <Text size="sm" fw={600} data-testid="plant-event-line">
                  {names[lineId] || lineId}
                </Text>
                <Badge size="sm" color={kind.color} autoContrast={false} c="white" variant="filled" style={{ flexShrink: 0 }}>
                  {intl.formatMessage({ id: kind.label })}
                </Badge>
                <Text size="sm" style={{ flex: '1 1 16rem', minWidth: 0 }} data-testid="plant-event-text">
                  {eventSentence(intl, e)}
                </Text>
              </Group>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
