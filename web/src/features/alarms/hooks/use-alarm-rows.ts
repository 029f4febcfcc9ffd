/**
 * The alarm rows of a screen: the live points (`live`, null while the feed has no snapshot)
 * with the api's texts, else the api's points (api.ts `useActiveAlarms`); a live point the api
 * has not listed yet has its text asked at once and once more a moment later (a raise heard
 * from the plant shows before ingest has stored it).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { Alarm } from '@/lib/live/protocol';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { alarmKeys, useActiveAlarms } from '../api/alarms-api';
import { alarmRows, unlisted } from '../utils/alarm-rows';

/** How long after a point the api did not list its text is asked again. */
const ASK_AGAIN_MS = 2000;

export interface AlarmRowsOptions {
  lineId: string | null;
  live: Record<string, Alarm> | null;
  names: Record<string, string>;
  /** Whether the api may be asked (any ALARM_ privilege). */
  read: boolean;
  /** Ask the api every this many ms (while the live feed is down). */
  pollMs?: number;
}

export function useAlarmRows({ lineId, live, names, read, pollMs }: AlarmRowsOptions) {
  const client = useQueryClient();
  const active = useActiveAlarms(lineId, { enabled: read, pollMs });
  useQueryErrorNotice(active);
  const rows = useMemo(() => alarmRows(active.data, live, lineId, names), [active.data, live, lineId, names]);
  const missing = read && active.data ? unlisted(active.data, live, lineId) : '';

  useEffect(() => {
    if (!missing) return;
    const ask = () => void client.invalidateQueries({ queryKey: alarmKeys.active(lineId) });
    ask();
    const again = window.setTimeout(ask, ASK_AGAIN_MS);
    return () => window.clearTimeout(again);
  }, [missing, client, lineId]);

  return { rows, loading: live === null && read && active.isPending, fetching: active.isFetching };
}
