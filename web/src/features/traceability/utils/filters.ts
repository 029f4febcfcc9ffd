/**
 * The lots' and deliveries' list filters, kept in the URL (so a link names them): a line (or
 * all), the references, a number search, the range (RFC 3339) and the page.
 */
import { LotStatus } from '@/generated/enums';
import { instantParam as instant, pageParam as pageOf, patchParams } from '@/lib/url-filters';
import { ALL_LINES } from '../api/trace-types';

export { pageCount } from '@/lib/paged';
export { backwards } from '@/lib/url-filters';

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
  const next = patchParams(params, patch, { defaults: { lineId: ALL_LINES } });
  if ('lineId' in patch && !('materialId' in patch)) next.delete('materialId');
  return next;
}
