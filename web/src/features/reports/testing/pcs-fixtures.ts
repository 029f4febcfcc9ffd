/** Pellet-press pressure answers for the screen tests: GROWER pressed on line 1, sensor PCS-1 at about 2.5 bar. */
import type { MaterialCode, PressureGraph, PressureReport, PressureRow } from '../utils/pcs-types';
import { FROM, TO } from './fixtures';

export const MATERIAL_CODES: MaterialCode[] = [
  { materialCode: 'GROWER', sensors: ['PCS-1'], readings: 1200, firstAt: FROM, lastAt: TO },
  { materialCode: 'STARTER', sensors: ['PCS-1', 'PCS-2'], readings: 300, firstAt: FROM, lastAt: TO },
];

export function pressureRow(over: Partial<PressureRow> = {}): PressureRow {
  return {
    lineId: 'L1',
    lineName: 'Line 1',
    batchId: null,
    materialCode: 'GROWER',
    sensor: 'PCS-1',
    readings: 600,
    firstAt: '2026-11-23T07:00:00Z',
    lastAt: '2026-11-23T07:10:00Z',
    meanBar: 2.51,
    minBar: 2.3,
    maxBar: 2.72,
    stddevBar: 0.08,
    setpointBar: 2.5,
    deviationBar: 0.01,
    meanAbsDeviationBar: 0.064,
    withinBandPct: 87.5,
    ...over,
  };
}

export function pressure(bandPct = 5): PressureReport {
  return { fromDateTime: FROM, toDateTime: TO, bandPct, rows: [pressureRow(), pressureRow({ materialCode: 'STARTER', withinBandPct: 92 })] };
}

/** Page `page` of `total` batches, `limit` a page. */
export function pressurePage(page: number, limit: number, total: number, bandPct = 5): PressureReport {
  const first = (page - 1) * limit;
  const rows = Array.from({ length: Math.max(0, Math.min(limit, total - first)) }, (_, i) => pressureRow({ batchId: `ML1-${String(total - first - i).padStart(4, '0')}` }));
  return { fromDateTime: FROM, toDateTime: TO, bandPct, rows, page, limit, total };
}

export function graph(type = 'PRESSURE'): PressureGraph {
  const at = (i: number) => Date.parse(FROM) + i * 60_000;
  const points = Array.from({ length: 20 }, (_, i) => [at(i), 2.5 + (i % 3) * 0.01, 2.3, 2.7 + (i % 2) * 0.02]);
  return {
    fromDateTime: FROM,
    toDateTime: TO,
    type: type as PressureGraph['type'],
    bucketS: 60,
    series: [{ lineId: 'L1', lineName: 'Line 1', sensor: 'PCS-1', points, setpoint: type === 'BOTH' ? points.map((p) => [p[0], 2.5]) : null }],
  };
}
