/**
 * /dashboard (and /): every line live — state colour, running batch and recipe, progress,
 * tonnes today, open alarms, and a data age that turns stale when updates stop or the live
 * connection is lost — with its "Today" figures from the api below (today-section), and below
 * the tiles the plant's events as they happen (plant-events: topic `events`, resumed after a
 * reconnect from where the page was).
 * `?kiosk=1` is the wall-display mode (the shell drops its chrome and switches to the dark
 * theme): the whole screen for the lines, sized to it (wall.tsx); it shows no events.
 */
import { Badge, Box, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { useLineNames } from '@/lib/use-lines';
import { dataAgeSeconds, isStale, useLive } from '@/lib/live/live-store';
import { OfflineBanner, StateBadge, STATE_COLOR, useNow } from './live-widgets';
import { PlantEvents } from './plant-events';
import { SpcBadge } from './spc-badge';
import { LineConnections } from '@/features/connections/components/line-connections';
import { topics, type LineSummary } from '@/lib/live/protocol';
import { TodaySection } from './today-section';
import { useLiveSocket } from '@/lib/live/use-live-socket';
import { Wall } from './wall';
import { useLineRecords } from './wall-api';

const TOPICS = [topics.lines];
/** Outside the wall display the page shows the plant's events too. */
const TOPICS_WITH_EVENTS = [topics.lines, topics.events];

export default function DashboardPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const kiosk = params.get('kiosk') === '1';
  const { online, settled } = useLiveSocket(kiosk ? TOPICS : TOPICS_WITH_EVENTS);
  const lines = useLive((s) => s.lines);
  const now = useNow(1000);
  // The configured lines as the api has them now (a line added since the lines cache was
  // filled has its name too), else the cache.
  const cached = useLineNames();
  const records = useLineRecords(Object.keys(lines));
  const names = { ...cached, ...Object.fromEntries(Object.values(records).map((l) => [String(l._id), l.name])) };
  const sorted = Object.values(lines).sort((a, b) => (names[a.lineId] ?? a.lineId).localeCompare(names[b.lineId] ?? b.lineId));

  if (kiosk) return <Wall lines={sorted} names={names} now={now} online={online} settled={settled} />;

  return (
    <section aria-labelledby="screen-title">
      <Title order={1} size="h2" id="screen-title" mb="md">
        {intl.formatMessage({ id: 'web.screen.dashboard' })}
      </Title>
      <OfflineBanner show={settled && !online} />
      {sorted.length === 0 ? (
        <Text c="dimmed" data-testid="live-empty">
          {intl.formatMessage({ id: online ? 'web.live.noLines' : 'web.common.loading' })}
        </Text>
      ) : (
        // As many columns as tiles of 22 rem fit: a tile's shift table is not cut off however
        // wide the content is (1366 or 1440 px with the side navigation, or a phone).
        <Box style={{ display: 'grid', gap: 'var(--mantine-spacing-md)', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 22rem), 1fr))' }}>
          {sorted.map((line) => (
            <LineTile key={line.lineId} line={line} name={names[line.lineId] ?? line.lineId} now={now} connected={online} />
          ))}
        </Box>
      )}
      <PlantEvents names={names} />
    </section>
  );
}

function LineTile({ line, name, now, connected }: { line: LineSummary; name: string; now: number; connected: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const age = dataAgeSeconds(line.updatedAt, now);
  const stale = isStale(age, connected);
  const pct = Math.round(Math.min(1, Math.max(0, line.progress ?? 0)) * 100);
  const recipe = line.batch ? (line.batch.recipeName ?? line.batch.recipeCode ?? line.batch.recipeId ?? '') : '';
  const headingId = `tile-${line.lineId}`;
  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="article"
      aria-labelledby={headingId}
      data-testid={`line-tile-${line.lineId}`}
      data-stale={stale ? 'true' : 'false'}
      data-updated-at={line.updatedAt ?? ''}
      // Stale shows as a dashed state bar and the badge below, not by fading the tile: faded
      // text fails contrast on the dark wall display (a small badge most of all).
      style={{ borderTop: `6px ${stale ? 'dashed' : 'solid'} ${STATE_COLOR[line.state ?? 'UNKNOWN']}` }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h3" id={headingId}>
            <Link to={`/reporting/diagnostics/realtime?lineId=${encodeURIComponent(line.lineId)}`} style={{ color: 'inherit' }}>
              {name}
            </Link>
          </Title>
          <StateBadge state={line.state} size="lg" testId={`line-state-${line.lineId}`} />
        </Group>
        {line.batch ? (
          <>
            <Text size="sm" data-testid={`line-batch-${line.lineId}`}>
              {t('web.live.batch', { batchId: line.batch.batchId })} · {recipe}
            </Text>
            <Progress.Root size={18} aria-hidden>
              <Progress.Section value={pct} color="#1e7a34">
                <Progress.Label>{pct} %</Progress.Label>
              </Progress.Section>
            </Progress.Root>
            <Text size="xs" c="dimmed" role="progressbar" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100} aria-label={t('web.live.progress')} data-testid={`line-progress-${line.lineId}`} data-value={pct}>
              {t('web.live.progress')}: {pct} %
            </Text>
          </>
        ) : (
          // A controller says IDLE when it has no released order to run (docs/architecture.md).
          <Text size="sm" c={line.state === 'IDLE' ? undefined : 'dimmed'} fw={line.state === 'IDLE' ? 600 : undefined} data-testid={`line-no-batch-${line.lineId}`}>
            {t(line.state === 'IDLE' ? 'web.live.idleNoOrder' : 'web.live.noBatch')}
          </Text>
        )}
        <Group justify="space-between">
          <Text size="md" fw={600} data-testid={`line-tonnes-${line.lineId}`}>
            {t('web.live.tonnesToday', { value: intl.formatNumber(line.tonnesToday ?? 0, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}
          </Text>
          <Badge size="lg" color={line.openAlarms > 0 ? '#b02a37' : '#495057'} c="white" variant="filled" data-testid={`line-alarms-${line.lineId}`}>
            {t('web.live.openAlarms', { count: line.openAlarms })}
          </Badge>
        </Group>
        <SpcBadge violation={line.lastSpcViolation} kiosk={false} />
        <LineConnections connections={line.connections} onlyTroubled testId={`line-connections-${line.lineId}`} />
        {stale ? (
          <Badge size="md" color="#a65b00" autoContrast={false} c="white" variant="filled" data-testid={`line-age-${line.lineId}`}>
            {age === null ? t('web.live.never') : t('web.live.stale', { seconds: age })}
          </Badge>
        ) : (
          <Text size="xs" c="dimmed" data-testid={`line-age-${line.lineId}`}>
            {t('web.live.age', { seconds: age ?? 0 })}
          </Text>
        )}
        <TodaySection lineId={line.lineId} kiosk={false} />
      </Stack>
    </Card>
  );
}
