/**
 * The list screens keep search, sort, page, line and filters in the query string, so a reload
 * or a shared link shows the same rows. Parsing is forgiving: a bad value falls back to its
 * default rather than failing the screen.
 */
export type SortDir = 'asc' | 'desc';

export interface ListState {
  search: string;
  /** Field name of the sorted column, or null for the server's order. */
  sort: string | null;
  dir: SortDir;
  /** 1-based. */
  page: number;
  lineId: string | null;
  /** Filter-field name → value, as the list call takes them. */
  filters: Record<string, string>;
}

const PAGE_SIZE = 20;

/** Reads the list state; only `sortable` columns and `filterNames` are taken from the URL. */
export function readListState(
  params: URLSearchParams,
  sortable: readonly string[] = [],
  filterNames: readonly string[] = [],
): ListState {
  const sort = params.get('sort');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  return {
    search: params.get('search') ?? '',
    sort: sort && sortable.includes(sort) ? sort : null,
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
    page: Number.isFinite(page) && page > 0 ? page : 1,
    lineId: params.get('lineId') || null,
    filters,
  };
}

/**
 * The query string after a change. Any change other than the page itself starts again at page
 * one; defaults are left out so links stay short.
 */
export function writeListState(params: URLSearchParams, patch: Partial<ListState>): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (name: string, value: string | null | undefined) => {
    if (value) next.set(name, value);
    else next.delete(name);
  };
  if ('search' in patch) put('search', patch.search?.trim() ? patch.search : null);
  if ('sort' in patch) put('sort', patch.sort);
  if ('dir' in patch || 'sort' in patch) put('dir', patch.sort === null ? null : patch.dir === 'desc' ? 'desc' : null);
  if ('lineId' in patch) put('lineId', patch.lineId);
  if (patch.filters) for (const [name, value] of Object.entries(patch.filters)) put(name, value);
  put('page', patch.page && patch.page > 1 ? String(patch.page) : null);
  return next;
}

/** A click on a column header: a new column sorts ascending, the sorted one flips. */
export function toggleSort(state: Pick<ListState, 'sort' | 'dir'>, field: string): Pick<ListState, 'sort' | 'dir'> {
  if (state.sort !== field) return { sort: field, dir: 'asc' };
  return { sort: field, dir: state.dir === 'asc' ? 'desc' : 'asc' };
}

export type SortValue = string | number | null;

/** Orders values: numbers by size, texts by the locale's collation (with numbers in them), empty last. */
function compareValues(a: SortValue, b: SortValue, collator: Intl.Collator): number {
  const emptyA = a === null || a === '';
  const emptyB = b === null || b === '';
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

export interface View<T> {
  rows: T[];
  total: number;
  pages: number;
  /** The page shown (clamped to the last one). */
  page: number;
}

/**
 * Search (any shown text contains it, case-insensitively), sort and page a list.
 * `texts` gives a row's shown texts; `sortValue` the value of a column.
 */
export function viewRows<T>(
  rows: readonly T[],
  state: Pick<ListState, 'search' | 'sort' | 'dir' | 'page'>,
  texts: (row: T) => string[],
  sortValue: (row: T, field: string) => SortValue,
  locale = 'en',
  pageSize = PAGE_SIZE,
): View<T> {
  const needle = state.search.trim().toLocaleLowerCase(locale);
  let out = needle ? rows.filter((r) => texts(r).some((t) => t.toLocaleLowerCase(locale).includes(needle))) : [...rows];
  if (state.sort) {
    const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
    const field = state.sort;
    const sign = state.dir === 'desc' ? -1 : 1;
    out = out
      .map((row, i) => ({ row, i, v: sortValue(row, field) }))
      .sort((a, b) => {
        const emptyA = a.v === null || a.v === '';
        const emptyB = b.v === null || b.v === '';
        // Empty cells stay at the bottom whichever way the column is sorted.
        if (emptyA !== emptyB) return emptyA ? 1 : -1;
        return sign * compareValues(a.v, b.v, collator) || a.i - b.i;
      })
      .map((x) => x.row);
  }
  const total = out.length;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, state.page), pages);
  return { rows: out.slice((page - 1) * pageSize, page * pageSize), total, pages, page };
}
