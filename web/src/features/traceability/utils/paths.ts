/** The traceability screens' addresses. */
import { query } from '@/lib/query-string';

const T = '/traceability';
const seg = encodeURIComponent;

export const tracePaths = {
  lots: `${T}/lots`,
  newLot: `${T}/lots/new`,
  editLot: (id: string) => `${T}/lots/edit/${seg(id)}`,
  lot: (id: string) => `${T}/lots/view/${seg(id)}`,
  batch: (lineId: string, batchId: string) => `${T}/batch/${seg(lineId)}/${seg(batchId)}`,
  recall: (lotId?: string | null) => `${T}/recall${query({ lotId })}`,
  deliveries: `${T}/deliveries`,
  newDelivery: `${T}/deliveries/new`,
  editDelivery: (id: string) => `${T}/deliveries/edit/${seg(id)}`,
  delivery: (id: string) => `${T}/deliveries/view/${seg(id)}`,
  customer: (id: string) => `${T}/customers/view/${seg(id)}`,
  order: (id: string) => `/scheduling/productionschedules/view/${seg(id)}`,
  /** The batch record (reporting), on its line. */
  batchRecord: (batchId: string, lineId: string) => `/reporting/batch/batchdetails/${seg(batchId)}${query({ lineId })}`,
};
