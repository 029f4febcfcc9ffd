/**
 * The recipe list: the latest version of each recipe with the levels any of its versions hold
 * (a level often stays on an older version while a new one is drafted), narrowed by the
 * search text, a status and a level, in code order. The filters live in the URL.
 */
import { Status } from '@/generated/enums';
import type { RecipeRecord, RecipeStatus } from '../api/recipes-api';

export const STATUSES: readonly RecipeStatus[] = Status;

/** A level held by some version of a recipe. */
export interface GroupLevel {
  level: number;
  name: string;
  version: number;
  recipeId: string;
}

export interface RecipeRow {
  record: RecipeRecord;
  levels: GroupLevel[];
}

export interface RecipeFilters {
  lineId: string;
  search: string;
  status: RecipeStatus | null;
  level: number | null;
  page: number;
}

/** The levels each recipe (by group id) holds, from the versions holding levels now. */
export function levelsByGroup(released: RecipeRecord[]): Map<string, GroupLevel[]> {
  const out = new Map<string, GroupLevel[]>();
  for (const v of released) {
    const list = out.get(v.recipeGroupId) ?? [];
    for (const l of v.levels) list.push({ level: l.level, name: l.name, version: v.version, recipeId: v._id });
    out.set(v.recipeGroupId, list);
  }
  for (const list of out.values()) list.sort((a, b) => a.level - b.level);
  return out;
}

/** The rows of the list: each latest version with its recipe's levels. */
export function recipeRows(latest: RecipeRecord[], released: RecipeRecord[]): RecipeRow[] {
  const levels = levelsByGroup(released);
  return latest.map((record) => {
    const held = levels.get(record.recipeGroupId);
    // The released list may lag behind the latest (or be missing): the version's own levels count too.
    const own = record.levels.map((l) => ({ level: l.level, name: l.name, version: record.version, recipeId: record._id }));
    const merged = [...(held ?? [])];
    for (const l of own) if (!merged.some((m) => m.level === l.level)) merged.push(l);
    return { record, levels: merged.sort((a, b) => a.level - b.level) };
  });
}

const contains = (text: string | null | undefined, needle: string) => (text ?? '').toLocaleLowerCase().includes(needle);

/** The rows the filters let through, by code. */
export function filterRecipes(rows: RecipeRow[], f: Pick<RecipeFilters, 'search' | 'status' | 'level'>): RecipeRow[] {
  const needle = f.search.trim().toLocaleLowerCase();
  return rows
    .filter(({ record: r }) => !needle || contains(r.code, needle) || contains(r.name, needle) || contains(r.product, needle))
    .filter(({ record: r }) => !f.status || r.status === f.status)
    .filter(({ levels }) => f.level === null || levels.some((l) => l.level === f.level))
    .sort((a, b) => a.record.code.localeCompare(b.record.code));
}

/** The filters in the URL (`lineId` ALL when none). */
export function readFilters(params: URLSearchParams): RecipeFilters {
  const status = params.get('status');
  const level = Number(params.get('level'));
  return {
    lineId: params.get('lineId') || 'ALL',
    search: params.get('search') ?? '',
    status: STATUSES.includes(status as RecipeStatus) ? (status as RecipeStatus) : null,
    level: Number.isInteger(level) && level > 0 ? level : null,
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

/** The URL parameters with `patch` applied; a change of anything but the page goes back to page 1. */
export function writeFilters(params: URLSearchParams, patch: Partial<RecipeFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || v === '' || v === undefined || (k === 'page' && v === 1)) next.delete(k);
    else next.set(k, String(v));
  }
  if (!('page' in patch)) next.delete('page');
  return next;
}
