/**
 * A trend's time axis over its own points: their span (half an hour either side of a single
 * point), its instants named with seconds over a short span (a few batches of a fast line) and
 * with the day over a long one.
 */
import type { IntlShape } from 'react-intl';

const SHORT = 2 * 3600_000;
const HALF_HOUR = 1800_000;

export interface TimeAxis {
  times: readonly number[];
  label: (ms: number) => string;
  span: [number, number];
}

export function timeAxis(intl: IntlShape, times: readonly number[]): TimeAxis {
  const first = times[0] ?? 0;
  const last = times[times.length - 1] ?? first;
  const span = last - first;
  const opts: Intl.DateTimeFormatOptions =
    span < SHORT ? { hour: '2-digit', minute: '2-digit', second: span > 0 ? '2-digit' : undefined } : { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' };
  return { times, label: (ms) => intl.formatDate(ms, opts), span: span > 0 ? [first, last] : [first - HALF_HOUR, last + HALF_HOUR] };
}
