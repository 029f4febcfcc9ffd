/**
 * Curves of several batches on one time axis: each batch's curve runs against its own start
 * and is sampled at its own moments, while a chart takes one x for every series. The curves
 * are read at common instants (seconds from each start), each value interpolated between its
 * two neighbours, none before a curve's first point or after its last.
 */

/** A curve: `[seconds from its batch's start, value]`, in time order. */
export type Points = readonly (readonly number[])[];

export interface Aligned {
  /** The common instants, seconds from each batch's start. */
  seconds: number[];
  /** For each curve, its value at each instant (null outside the curve). */
  values: (number | null)[][];
}

/** The value of `points` at `x` (null outside them). */
export function valueAt(points: Points, x: number): number | null {
  if (points.length === 0) return null;
  const first = points[0][0];
  const last = points[points.length - 1][0];
  if (x < first || x > last) return null;
  let lo = 0;
  let hi = points.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (points[mid][0] <= x) lo = mid;
    else hi = mid;
  }
  const [x0, y0] = points[lo];
  const [x1, y1] = points[hi];
  if (x1 === x0) return y0;
  const f = Math.min(1, Math.max(0, (x - x0) / (x1 - x0)));
  return y0 + (y1 - y0) * f;
}

/** The curves read at `steps` instants evenly from 0 to the longest curve's end. */
export function align(curves: readonly Points[], steps = 300): Aligned {
  const end = Math.max(0, ...curves.map((c) => (c.length > 0 ? c[c.length - 1][0] : 0)));
  const n = end > 0 ? Math.max(2, steps) : 1;
  const seconds = Array.from({ length: n }, (_, i) => (n === 1 ? 0 : (end * i) / (n - 1)));
  return { seconds, values: curves.map((c) => seconds.map((x) => valueAt(c, x))) };
}

/** Items grouped by a key, the groups in the order their first item came. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): { key: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const g = groups.get(k);
    if (g) g.push(item);
    else groups.set(k, [item]);
  }
  return [...groups].map(([k, v]) => ({ key: k, items: v }));
}
