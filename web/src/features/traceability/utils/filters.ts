/**
 * The lots' and deliveries' list filters, kept in the URL (so a link names them): a line (or
 * all), the references, a number search, the range (RFC 3339) and the page.
 */
import { LotStatus } from '@/generated/enums';
import { ALL_LINES } from '../api/trace-types';

export interface LotFilters {
  lineId: string;
  materialId: string | null;
  supplierId: string | null;
  status: LotStatus | null;
  lotNumber: string;
  from: string | null;
  to: string | null;
  page: number;
}

export interface DeliveryFilters {
  lineId: string;
  customerId: string | null;
  deliveryNumber: string;
  from: string | null;
  to: string | null;
  page: number;
}

const instant = (v: string | null) => (v && !Number.isNaN(new Date(v).getTime()) ? v : null);
const pageOf = (v: string | null) => Math.max(1, Math.floor(Number(v)) || 1);
const isStatus = (s: string | null): s is LotStatus => (LotStatus as readonly (string | null)[]).includes(s);

export function readLotFilters(p: URLSearchParams): LotFilters {
  const status = p.get('status');
  return {
    lineId: p.get('lineId') || ALL_LINES,
    materialId: p.get('materialId') || null,
    supplierId: p.get('supplierId') || null,
    status: isStatus(status) ? status : null,
    lotNumber: p.get('lotNumber') ?? '',
    from: instant(p.get('from')),
    to: instant(p.get('to')),
    page: pageOf(p.get('page')),
  };
}

export function readDeliveryFilters(p: URLSearchParams): DeliveryFilters {
  return {
    lineId: p.get('lineId') || ALL_LINES,
    customerId: p.get('customerId') || null,
    deliveryNumber: p.get('deliveryNumber') ?? '',
    from: instant(p.get('from')),
    to: instant(p.get('to')),
    page: pageOf(p.get('page')),
  };
}

/**
 * The URL parameters with `patch` applied (all lines, nothing chosen and page 1 are left out).
 * A change of any filter but the page goes back to page 1; a change of line drops the material
 * (another line has other materials).
 */
export function writeFilters<F extends { lineId: string; page: number }>(params: URLSearchParams, patch: Partial<F>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    const text = value === null || value === undefined ? '' : String(value);
    if (!text || (key === 'lineId' && text === ALL_LINES) || (key === 'page' && text === '1')) next.delete(key);
    else next.set(key, text);
  }
  if (!('page' in patch)) next.delete('page');
  if ('lineId' in patch && !('materialId' in patch)) next.delete('materialId');
  return next;
}

/** True when the range runs backwards (the server would answer 400 on `toDateTime`). */
export const backwards = (from: string | null, to: string | null): boolean => Boolean(from && to && new Date(from).getTime() > new Date(to).getTime());

/** The pages of `total` rows, `size` a page. */
export const pageCount = (total: number, size: number): number => Math.max(1, Math.ceil(total / size));
