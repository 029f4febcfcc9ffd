/**
 * A pressure sensor's chart series summed up (`PressureSeries.points` are buckets of
 * `[epoch ms, mean, min, max]`, `setpoint` of `[epoch ms, mean setpoint]`): its buckets, the
 * mean of the bucket means, the lowest and highest reading, the mean setpoint (with `BOTH`).
 */
import type { PressureSeries } from './pcs-types';

export interface SensorStats {
  key: string;
  lineId: string;
  lineName: string;
  sensor: string;
  buckets: number;
  meanBar: number | null;
  minBar: number | null;
  maxBar: number | null;
  setpointBar: number | null;
}

const mean = (xs: readonly number[]) => (xs.length > 0 ? xs.reduce((s, x) => s + x, 0) / xs.length : null);

export function sensorStats(s: PressureSeries): SensorStats {
  const col = (i: number) => s.points.map((p) => p[i]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const mins = col(2);
  const maxes = col(3);
  const setpoints = (s.setpoint ?? []).map((p) => p[1]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return {
    key: `${s.lineId}|${s.sensor}`,
    lineId: s.lineId,
    lineName: s.lineName ?? s.lineId,
    sensor: s.sensor,
    buckets: s.points.length,
    meanBar: mean(col(1)),
    minBar: mins.length > 0 ? Math.min(...mins) : null,
    maxBar: maxes.length > 0 ? Math.max(...maxes) : null,
    setpointBar: s.setpoint ? mean(setpoints) : null,
  };
}

/** A bucket length as words' parts: seconds under a minute, minutes under an hour, else hours. */
export function bucketParts(seconds: number): { n: number; unit: 'second' | 'minute' | 'hour' | 'day' } {
  if (seconds < 60 || seconds % 60 !== 0) return { n: seconds, unit: 'second' };
  if (seconds < 3600 || seconds % 3600 !== 0) return { n: seconds / 60, unit: 'minute' };
  if (seconds < 86_400 || seconds % 86_400 !== 0) return { n: seconds / 3600, unit: 'hour' };
  return { n: seconds / 86_400, unit: 'day' };
}
