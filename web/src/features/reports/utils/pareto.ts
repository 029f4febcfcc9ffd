/**
 * The Pareto chart of the stop-time report: the reasons as the api orders them (longest
 * downtime first), each a bar of its downtime in seconds, and the cumulative share of the
 * downtime as a line (0–100 %). The longest `max` reasons are drawn; the table holds them all.
 */
import type { ParetoRow } from '../api/report-types';

export interface ParetoSeries {
  labels: string[];
  durations: number[];
  cumulative: number[];
}

/** A reason's name as shown: its code and name, once when they are the same (a reported code). */
export function reasonLabel(row: Pick<ParetoRow, 'code' | 'name'>): string {
  return row.code && row.code !== row.name ? `${row.code} · ${row.name}` : row.name;
}

export function paretoSeries(rows: readonly ParetoRow[], max = 20): ParetoSeries {
  const shown = rows.slice(0, max);
  return {
    labels: shown.map(reasonLabel),
    durations: shown.map((r) => r.durationS),
    cumulative: shown.map((r) => Math.min(100, r.cumulativePct)),
  };
}
