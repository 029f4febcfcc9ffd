/**
 * A list's filters kept in the URL (so a link names them): instants and the page read safely,
 * a change written back with each filter's default left out (a change of any filter but the
 * page goes back to page 1), and the check of a range that runs backwards.
 */

/** An RFC 3339 instant of the URL; null when there is none or it is no instant. */
export const instantParam = (v: string | null): string | null => (v && !Number.isNaN(new Date(v).getTime()) ? v : null);

/** The page of the URL: a whole number from 1. */
export const pageParam = (v: string | null): number => Math.max(1, Math.floor(Number(v)) || 1);

export interface ParamRules {
  /** The URL parameter of a filter whose name differs (`search` → `q`). */
  names?: Readonly<Record<string, string>>;
  /** A filter's value that is its default, left out of the URL (`lineId`: `ALL`). */
  defaults?: Readonly<Record<string, string>>;
}

const textOf = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/**
 * The URL parameters with `patch` applied: an empty value, a filter's default and page 1 are
 * left out; a change of any filter but the page goes back to page 1.
 */
export function patchParams<P extends object>(params: URLSearchParams, patch: P, rules: ParamRules = {}): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch) as [string, unknown][]) {
    const text = textOf(value);
    const name = rules.names?.[key] ?? key;
    if (!text.trim() || text === rules.defaults?.[key] || (key === 'page' && text === '1')) next.delete(name);
    else next.set(name, text);
  }
  if (!('page' in patch)) next.delete('page');
  return next;
}

/** True when the range runs backwards (the server would answer 400 on `toDateTime`). */
export const backwards = (from: string | null, to: string | null): boolean => Boolean(from && to && new Date(from).getTime() > new Date(to).getTime());
