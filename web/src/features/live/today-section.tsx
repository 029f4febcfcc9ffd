/**
 * A line's "Today" on its dashboard tile (its own local day so far, refreshed every minute):
 * kilograms and batches produced, its OEE, its uptime and state times, production and
 * utilisation per shift, and the three reasons that stopped it longest. "No production today
 * yet" until a batch ends. Numbers and times in the user's language.
 */
import { Box, Divider, Group, List, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { formatDuration } from '@/lib/dates';
import { useTodayByShifts, useTodayDetails, useTodayUtilization, type LineDetails } from './today-api';
import { TodayOee } from './today-oee';
import { shiftLines, TodayShifts } from './today-shifts';
import { TodayStates } from './today-states';

function Figure({ label, value, testId, kiosk }: { label: string; value: string; testId: string; kiosk: boolean }) {
  return (
    <Box>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size={kiosk ? 'xl' : 'lg'} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Box>
  );
}

function TopStops({ line }: { line: LineDetails }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <Box data-testid={`today-stops-${line.lineId}`}>
      <Text size="sm" fw={600}>
        {t('web.dashboard.topStops')}
      </Text>
      {line.topStops.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('web.dashboard.noStops')}
        </Text>
      ) : (
        <List size="xs" spacing={2}>
          {line.topStops.map((s) => (
            <List.Item key={s.key}>
              {t('web.dashboard.stopReason', { name: s.code && s.code !== s.name ? `${s.code} · ${s.name}` : s.name, stops: s.stops, duration: formatDuration(s.durationS) })}
            </List.Item>
          ))}
        </List>
      )}
    </Box>
  );
}

export function TodaySection({ lineId, kiosk }: { lineId: string; kiosk: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const details = useTodayDetails();
  const shifts = useTodayByShifts();
  const utilization = useTodayUtilization();
  const line = details.data?.find((d) => d.lineId === lineId);
  const headingId = `today-title-${lineId}`;

  let body;
  if (details.isPending) body = <Text size="sm">{t('web.common.loading')}</Text>;
  else if (details.isError && !details.data) body = <Text size="sm">{t('web.dashboard.unavailable')}</Text>;
  else {
    const produced = line && ((line.figures.batches ?? 0) > 0 || line.figures.actualKg > 0);
    const rows = shiftLines(shifts.data?.find((s) => s.lineId === lineId), utilization.data ?? []);
    body = (
      <>
        <Group gap="xl" align="flex-start">
          {produced ? (
            <>
              <Figure label={t('web.dashboard.produced')} value={`${intl.formatNumber(line.figures.actualKg, { maximumFractionDigits: 0 })} kg`} testId={`today-kg-${lineId}`} kiosk={kiosk} />
              <Figure label={t('web.dashboard.batches')} value={intl.formatNumber(line.figures.batches ?? 0)} testId={`today-batches-${lineId}`} kiosk={kiosk} />
            </>
          ) : (
            <Text size={kiosk ? 'lg' : 'sm'} data-testid={`today-empty-${lineId}`}>
              {t('web.dashboard.noProduction')}
            </Text>
          )}
          <TodayOee lineId={lineId} kiosk={kiosk} />
        </Group>
        {line && line.states.elapsedS > 0 ? <TodayStates states={line.states} lineId={lineId} kiosk={kiosk} /> : null}
        {produced ? <TodayShifts lines={rows} lineId={lineId} /> : null}
        {line ? <TopStops line={line} /> : null}
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId} aria-busy={details.isFetching} data-testid={`today-${lineId}`}>
      <Divider mb="xs" />
      <Title order={3} size={kiosk ? 'h3' : 'h4'} id={headingId} mb={4}>
        {t('web.dashboard.today')}
      </Title>
      <Stack gap="xs">{body}</Stack>
    </Box>
  );
}
