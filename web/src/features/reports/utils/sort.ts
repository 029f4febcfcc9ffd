/** Sorting and client paging of report rows. */

export type SortDir = 'asc' | 'desc';

export interface SortState {
  by: string;
  dir: SortDir;
}

/** Rows of one client page. */
export const PAGE_SIZE = 25;

/**
 * The rows ordered by `value` (numbers by size, text in the user's language, instants as
 * strings of one format), with missing values last either way; equal rows keep their order.
 */
export function sortRows<R>(rows: readonly R[], value: (row: R) => unknown, dir: SortDir, collator: Intl.Collator): R[] {
  const sign = dir === 'asc' ? 1 : -1;
  const missing = (v: unknown) => v === null || v === undefined || v === '' || (typeof v === 'number' && !Number.isFinite(v));
  return rows
    .map((row, i) => ({ row, i, v: value(row) }))
    .sort((a, b) => {
      const am = missing(a.v);
      const bm = missing(b.v);
      if (am || bm) return am === bm ? a.i - b.i : am ? 1 : -1;
      const c = typeof a.v === 'number' && typeof b.v === 'number' ? a.v - b.v : collator.compare(String(a.v), String(b.v));
      return c === 0 ? a.i - b.i : sign * c;
    })
    .map((x) => x.row);
}

/** How many pages `total` rows fill (at least one). */
export const pageCount = (total: number, size = PAGE_SIZE) => Math.max(1, Math.ceil(total / size));

/** Page `page` (from 1, clamped) of the rows. */
export function pageOf<R>(rows: readonly R[], page: number, size = PAGE_SIZE): R[] {
  const last = pageCount(rows.length, size);
  const p = Math.min(Math.max(1, page), last);
  return rows.slice((p - 1) * size, p * size);
}

/** The sort state a click on column `by` leads to: the other way round, or numbers high first. */
export function nextSort(current: SortState | null, by: string, numeric: boolean): SortState {
  if (current?.by === by) return { by, dir: current.dir === 'asc' ? 'desc' : 'asc' };
  return { by, dir: numeric ? 'desc' : 'asc' };
}
