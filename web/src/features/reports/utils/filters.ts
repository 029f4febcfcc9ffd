/**
 * A report's filters live in the URL's search parameters, named as the api names them
 * (`lineId`, `fromDateTime`, `toDateTime`, `shiftId`, `recipeId`, `productionScheduleId`, and a
 * screen's own: `groupBy`, `bucket`, `materialId`, …), so a link or a reload shows the same
 * report and back/forward step through the filters. A drill-down route's parameters seed them
 * (`/bymaterials/:lineid/:materialcategoryid/:fromdatetime/:todatetime`); the search
 * parameters win over the seeds. Values are plain strings; '' means "not filtered".
 */
import type { ReportParams } from '../api/report-types';

export const ALL_LINES = 'ALL';
/** Written for a seeded filter the user cleared (the api drops `NONE` filters, §9). */
const NONE = 'NONE';

/** The pickers a screen can show in its filter bar (the range is always there). */
export type FilterName = 'line' | 'shift' | 'recipe' | 'order';

/** The URL (and api) parameter of each picker and of the range. */
export const PARAM = {
  line: 'lineId',
  shift: 'shiftId',
  recipe: 'recipeId',
  order: 'productionScheduleId',
  from: 'fromDateTime',
  to: 'toDateTime',
} as const;

export type Values = Record<string, string>;

/** Route parameters of the drill-down routes (§2 spelling) and the filter each seeds. */
const ROUTE_SEEDS: Record<string, string> = {
  lineid: PARAM.line,
  fromdatetime: PARAM.from,
  todatetime: PARAM.to,
  materialcategoryid: 'materialCategoryId',
  id: 'materialId',
};

const isInstant = (v: string) => !Number.isNaN(new Date(v).getTime());

/** A value as the screen sees it: `NONE` and `0` are "not filtered", a range end must be an instant. */
function clean(key: string, raw: string | null | undefined): string | undefined {
  if (raw === null || raw === undefined) return undefined;
  const v = raw.trim();
  if (v === NONE || v === '0') return '';
  if ((key === PARAM.from || key === PARAM.to) && v && !isInstant(v)) return undefined;
  return v;
}

/** The filters a route's parameters seed. */
export function seedsOf(routeParams: Readonly<Record<string, string | undefined>>): Values {
  const seeds: Values = {};
  for (const [name, key] of Object.entries(ROUTE_SEEDS)) {
    const v = clean(key, routeParams[name]);
    if (v !== undefined) seeds[key] = v;
  }
  return seeds;
}

/** The values of `keys`: the URL's, else the route's seed, else the default, else ''. */
export function readValues(search: URLSearchParams, keys: readonly string[], seeds: Values, defaults: Values): Values {
  const out: Values = {};
  for (const key of keys) out[key] = clean(key, search.get(key)) ?? seeds[key] ?? defaults[key] ?? '';
  return out;
}

/** True for the paging parameters of a screen's tables (`page`, `shifts.page`). */
const isPage = (key: string) => key === 'page' || key.endsWith('.page');

/**
 * The URL with `patch` applied: a value equal to what would be read without it (the seed, else
 * the default) is left out; a cleared seeded value is written as `NONE` (`ALL` for the line).
 * Changing a filter sends every table back to its first page.
 */
export function writeValues(search: URLSearchParams, patch: Values, seeds: Values, defaults: Values): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(patch)) {
    const fallback = seeds[key] ?? defaults[key] ?? '';
    if (value === fallback) next.delete(key);
    else if (value === '') next.set(key, key === PARAM.line ? ALL_LINES : NONE);
    else next.set(key, value);
  }
  if (Object.keys(patch).some((k) => !isPage(k))) for (const key of [...next.keys()]) if (isPage(key)) next.delete(key);
  return next;
}

/** The api's query of the values: empty filters and the line `ALL` left out (§7 Reports). */
export function apiParams(values: Values): ReportParams {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (!value || (key === PARAM.line && value === ALL_LINES)) continue;
    out[key] = value;
  }
  return out;
}

/** True when the range runs backwards or is empty (the server would answer 400 on `toDateTime`). */
export const backwards = (from: string, to: string): boolean => Boolean(from && to && new Date(from).getTime() >= new Date(to).getTime());
