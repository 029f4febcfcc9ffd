/**
 * A line's states today: its uptime (running in % of the day so far) and a bar of the time it
 * ran, idled, stopped, was in fault and did not report, each time written out beside its colour
 * (the bar itself is hidden from screen readers: the times say it all).
 */
import { Box, Group, Progress, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { formatDuration } from '@/lib/dates';
import type { StateTimes } from './today-api';
import { STATE_COLOR } from './live-widgets';

const PARTS = [
  { key: 'runningS', state: 'RUNNING' },
  { key: 'idleS', state: 'IDLE' },
  { key: 'stoppedS', state: 'STOPPED' },
  { key: 'faultS', state: 'FAULT' },
  { key: 'unknownS', state: 'UNKNOWN' },
] as const;

export function TodayStates({ states, lineId, kiosk }: { states: StateTimes; lineId: string; kiosk: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const total = states.elapsedS > 0 ? states.elapsedS : 1;
  const uptime = states.uptimePct === null || states.uptimePct === undefined ? '—' : intl.formatNumber(states.uptimePct / 100, { style: 'percent', maximumFractionDigits: 1 });
  const parts = PARTS.filter((p) => states[p.key] > 0);
  return (
    <Box data-testid={`today-states-${lineId}`}>
      <Text size={kiosk ? 'lg' : 'sm'} fw={600} data-testid={`today-uptime-${lineId}`}>
        {t('web.dashboard.uptime', { value: uptime })}
      </Text>
      <Progress.Root size={kiosk ? 18 : 12} my={4} aria-hidden>
        {parts.map((p) => (
          <Progress.Section key={p.key} value={(states[p.key] / total) * 100} color={STATE_COLOR[p.state]} />
        ))}
      </Progress.Root>
      <Group gap="xs" wrap="wrap">
        {parts.map((p) => (
          <Group key={p.key} gap={4} wrap="nowrap" data-testid={`today-state-${p.state}`}>
            <Box w={10} h={10} bg={STATE_COLOR[p.state]} aria-hidden style={{ borderRadius: 2 }} />
            <Text size="xs">
              {t(`web.live.state.${p.state}`)} {formatDuration(states[p.key])}
            </Text>
          </Group>
        ))}
      </Group>
    </Box>
  );
}
