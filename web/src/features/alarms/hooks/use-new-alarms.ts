/**
 * Tells the screen about points that newly ask for attention on the live feed (topic `alarms`):
 * raised and not acknowledged, not shelved — a new point, a new occurrence of one, or one
 * acknowledged before — of line `lineId` (null: every line). What the feed held when the screen
 * opened, and the first snapshot, are only taken note of.
 */
import { useEffect, useRef } from 'react';
import { useLive } from '@/lib/live/live-store';
import { topics, type Alarm } from '@/lib/live/protocol';
import { ALL_LINES } from '../api/alarm-types';
import { newlyRaised } from '../utils/alarm-rows';

export function useNewAlarms(lineId: string | null, onNew: (alarms: Alarm[]) => void): void {
  const callback = useRef(onNew);
  useEffect(() => {
    callback.current = onNew;
  });
  useEffect(() => {
    const held = useLive.getState();
    let known: Record<string, Alarm> | null = held.seq[topics.alarms] !== undefined ? held.alarms : null;
    return useLive.subscribe((s) => {
      // Between connections (no snapshot yet) nothing is known to be new.
      if (s.seq[topics.alarms] === undefined || s.alarms === known) return;
      const before = known;
      known = s.alarms;
      if (!before) return;
      const fresh = newlyRaised(before, s.alarms).filter((a) => !lineId || lineId === ALL_LINES || a.lineId === lineId);
      if (fresh.length > 0) callback.current(fresh);
    });
  }, [lineId]);
}
