/**
 * A line's alarm points on the realtime diagnostics screen (given to it by app/, as the live
 * feature does not import this one): the live points of the line (topic `alarms`, which the
 * screen subscribes to) with the api's texts for a user with an alarm privilege, each with the
 * console's actions for one who may handle alarms; until the feed's snapshot comes, the
 * screen's own list (`fallback`, from the line's diagnostics).
 */
import { Text } from '@mantine/core';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { alarmKey, useLive } from '@/lib/live/live-store';
import { topics, type Alarm } from '@/lib/live/protocol';
import { useLineNames } from '@/lib/use-lines';
import { usePlantTime } from '@/lib/use-plant-time';
import { useAlarmAccess } from '../hooks/use-alarm-access';
import { useAlarmRows } from '../hooks/use-alarm-rows';
import { alarmRows } from '../utils/alarm-rows';
import { AlarmTable } from './alarm-table';

export interface LineAlarmsProps {
  lineId: string;
  /** The line's alarms as the screen has them, shown until the live feed's snapshot comes. */
  fallback: Alarm[];
}

export function LineAlarms({ lineId, fallback }: LineAlarmsProps) {
  const intl = useIntl();
  const access = useAlarmAccess();
  const names = useLineNames();
  const plant = usePlantTime(lineId);
  const fed = useLive((s) => (s.seq[topics.alarms] !== undefined ? s.alarms : null));
  const own = useMemo(() => Object.fromEntries(fallback.map((a) => [alarmKey(a), a])), [fallback]);
  // Without the feed: the api's points (for a user who may read them), else the screen's own.
  const { rows, loading } = useAlarmRows({ lineId, live: fed ?? (access.read ? null : own), names, read: access.read });
  // While the api is asked (no feed yet), the screen's own list.
  const early = useMemo(() => alarmRows(undefined, own, lineId, names), [own, lineId, names]);
  const list = loading ? early : rows;

  if (list.length === 0)
    return (
      <Text c="dimmed" data-testid="line-alarms-empty">
        {intl.formatMessage({ id: 'web.alarms.none' })}
      </Text>
    );
  return (
    <AlarmTable
      rows={list}
      caption={intl.formatMessage({ id: 'web.alarms.caption' }, { scope: names[lineId] ?? lineId, count: list.length })}
      plant={plant}
      canAct={access.update}
      showLine={false}
      testId="line-alarm-table"
    />
  );
}
