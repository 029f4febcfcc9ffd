/**
 * The list's filters, kept in the URL (so a link names them): a line (or all), the range of the
 * shifts' starts (RFC 3339; without one the last seven days), the words searched for and the page.
 */
import { ALL_LINES } from '../api/shift-log-types';

export interface ShiftLogFilters {
  lineId: string;
  from: string | null;
  to: string | null;
  search: string;
  page: number;
}

const instant = (v: string | null) => (v && !Number.isNaN(new Date(v).getTime()) ? v : null);

export function readFilters(p: URLSearchParams): ShiftLogFilters {
  return {
    lineId: p.get('lineId') || ALL_LINES,
    from: instant(p.get('from')),
    to: instant(p.get('to')),
    search: p.get('q') ?? '',
    page: Math.max(1, Math.floor(Number(p.get('page'))) || 1),
  };
}

const PARAM: Record<keyof ShiftLogFilters, string> = { lineId: 'lineId', from: 'from', to: 'to', search: 'q', page: 'page' };

/**
 * The URL parameters with `patch` applied (all lines, no words and page 1 are left out); a
 * change of any filter but the page goes back to page 1.
 */
export function writeFilters(params: URLSearchParams, patch: Partial<ShiftLogFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch) as [keyof ShiftLogFilters, string | number | null | undefined][]) {
    const text = value === null || value === undefined ? '' : String(value);
    const name = PARAM[key];
    if (!text.trim() || (key === 'lineId' && text === ALL_LINES) || (key === 'page' && text === '1')) next.delete(name);
    else next.set(name, text);
  }
  if (!('page' in patch)) next.delete('page');
  return next;
}

/** True when the range runs backwards (the server would answer 400 on `toDateTime`). */
export const backwards = (from: string | null, to: string | null): boolean => Boolean(from && to && new Date(from).getTime() > new Date(to).getTime());
