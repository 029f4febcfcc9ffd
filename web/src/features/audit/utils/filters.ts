/**
 * The list's filters, kept in the URL (so a link names them): a line (or all), the range
 * (RFC 3339; without one the last seven days), the user, the kind of record, the action, the
 * record's id and the page; and the same filters as the api takes them.
 */
import { instantParam, pageParam, patchParams } from '@/lib/url-filters';
import { ALL_LINES, type AuditFilterQuery } from '../api/audit-types';

export { backwards } from '@/lib/url-filters';

/** The days the list shows without a range in the URL: today and the six before. */
export const DEFAULT_DAYS = 7;

export interface AuditFilters {
  lineId: string;
  from: string | null;
  to: string | null;
  /** A user's email; '' for every user. */
  user: string;
  /** A kind of record (`recipe`); '' for every kind. */
  entity: string;
  /** An action (`updated`); '' for every action. */
  action: string;
  /** One record's id; '' for every record. */
  entityId: string;
  page: number;
}

export function readFilters(p: URLSearchParams): AuditFilters {
  return {
    lineId: p.get('lineId') || ALL_LINES,
    from: instantParam(p.get('from')),
    to: instantParam(p.get('to')),
    user: p.get('user') ?? '',
    entity: p.get('entity') ?? '',
    action: p.get('action') ?? '',
    entityId: p.get('entityId') ?? '',
    page: pageParam(p.get('page')),
  };
}

/**
 * The URL parameters with `patch` applied (all lines, an empty filter and page 1 are left
 * out); a change of any filter but the page goes back to page 1.
 */
export const writeFilters = (params: URLSearchParams, patch: Partial<AuditFilters>): URLSearchParams =>
  patchParams(params, patch, { defaults: { lineId: ALL_LINES } });

/** Whether any filter but the range narrows the list. */
export const narrowed = (f: AuditFilters): boolean => f.lineId !== ALL_LINES || Boolean(f.user || f.entity || f.action || f.entityId.trim());

/** The filters as the api takes them (the list's query and the files' body), over `range`; those not given left out. */
export function apiFilters(f: AuditFilters, range: { from: string; to: string }): AuditFilterQuery {
  const q: AuditFilterQuery = { fromDateTime: range.from, toDateTime: range.to };
  if (f.lineId !== ALL_LINES) q.lineId = f.lineId;
  if (f.user) q.user = f.user;
  if (f.entity) q.entity = f.entity;
  if (f.action) q.action = f.action;
  if (f.entityId.trim()) q.entityId = f.entityId.trim();
  return q;
}
