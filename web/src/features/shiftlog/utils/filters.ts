/**
 * The list's filters, kept in the URL (so a link names them): a line (or all), the range of the
 * shifts' starts (RFC 3339; without one the last seven days), the words searched for and the page.
 */
import { instantParam, pageParam, patchParams } from '@/lib/url-filters';
import { ALL_LINES } from '../api/shift-log-types';

export { backwards } from '@/lib/url-filters';

export interface ShiftLogFilters {
  lineId: string;
  from: string | null;
  to: string | null;
  search: string;
  page: number;
}

export function readFilters(p: URLSearchParams): ShiftLogFilters {
  return {
    lineId: p.get('lineId') || ALL_LINES,
    from: instantParam(p.get('from')),
    to: instantParam(p.get('to')),
    search: p.get('q') ?? '',
    page: pageParam(p.get('page')),
  };
}

/**
 * The URL parameters with `patch` applied (all lines, no words and page 1 are left out); a
 * change of any filter but the page goes back to page 1.
 */
export const writeFilters = (params: URLSearchParams, patch: Partial<ShiftLogFilters>): URLSearchParams =>
  patchParams(params, patch, { names: { search: 'q' }, defaults: { lineId: ALL_LINES } });
