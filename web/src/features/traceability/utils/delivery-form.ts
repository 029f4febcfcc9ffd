/**
 * The delivery form's values and what it sends (`DeliveryInput`): its batches with the
 * kilograms loaded of each, or an order and the kilograms loaded from it (the server spreads
 * them over the order's completed batches). The server's messages of a batch row
 * (`batches[2].kg`) go to that row.
 */
import type { Delivery, DeliveryInput } from '../api/trace-types';
import { numberOf, textOf } from './numbers';

export type DeliveryMode = 'batches' | 'order';

export interface BatchRow {
  /** Keeps a row's inputs when rows above it are removed. */
  key: number;
  lineId: string | null;
  batchId: string;
  kg: number | string;
}

export interface DeliveryFormValues {
  deliveryNumber: string;
  customerId: string | null;
  vehicle: string;
  /** RFC 3339, typed in plant time; '' for now. */
  deliveredAt: string;
  mode: DeliveryMode;
  rows: BatchRow[];
  /** From an order: its line, the order and the kilograms loaded. */
  orderLineId: string | null;
  orderId: string | null;
  orderKg: number | string;
}

let nextKey = 1;
/** A batch row of `lineId`, empty. */
export const emptyRow = (lineId: string | null): BatchRow => ({ key: nextKey++, lineId, batchId: '', kg: '' });

export function emptyDelivery(lineId: string | null, now: string): DeliveryFormValues {
  return { deliveryNumber: '', customerId: null, vehicle: '', deliveredAt: now, mode: 'batches', rows: [emptyRow(lineId)], orderLineId: lineId, orderId: null, orderKg: '' };
}

/** A stored delivery as batch rows (one made from an order was stored as its batches). */
export function deliveryValues(d: Delivery): DeliveryFormValues {
  const rows = d.batches.map((b) => ({ ...emptyRow(b.lineId), batchId: b.batchId, kg: b.kg }));
  return {
    deliveryNumber: d.deliveryNumber,
    customerId: d.customerId,
    vehicle: d.vehicle ?? '',
    deliveredAt: d.deliveredAt,
    mode: 'batches',
    rows: rows.length ? rows : [emptyRow(null)],
    orderLineId: d.batches[0]?.lineId ?? null,
    orderId: null,
    orderKg: '',
  };
}

const blank = (r: BatchRow) => !r.batchId.trim() && numberOf(r.kg) === null;

/** The body of add or edit: the batches (rows left wholly empty are dropped) or the order. */
export function toDeliveryInput(v: DeliveryFormValues): DeliveryInput {
  const base: DeliveryInput = {
    deliveryNumber: v.deliveryNumber.trim(),
    customerId: v.customerId,
    vehicle: textOf(v.vehicle),
    deliveredAt: textOf(v.deliveredAt),
  };
  if (v.mode === 'order') return { ...base, orderId: v.orderId, kg: numberOf(v.orderKg) };
  return { ...base, batches: v.rows.filter((r) => !blank(r)).map((r) => ({ lineId: r.lineId, batchId: r.batchId.trim(), kg: numberOf(r.kg) })) };
}

export const DELIVERY_FIELDS = ['deliveryNumber', 'customerId', 'vehicle', 'deliveredAt', 'orderId', 'kg', 'batches'] as const;
export type DeliveryField = (typeof DELIVERY_FIELDS)[number];
export type RowField = 'lineId' | 'batchId' | 'kg';

export interface DeliveryErrors {
  fields: Partial<Record<DeliveryField, string>>;
  /** By row key: the messages of its inputs. */
  rows: Record<number, Partial<Record<RowField, string>>>;
  other: string[];
}

export const NO_DELIVERY_ERRORS: DeliveryErrors = { fields: {}, rows: {}, other: [] };

/**
 * Places a refusal's `errors`: `batches[i].field` on the i-th row sent (the rows left empty
 * were not sent, so `i` counts the others), the form's own fields on their inputs, the rest apart.
 */
export function splitDeliveryErrors(v: DeliveryFormValues, errors: Record<string, string> | null | undefined): DeliveryErrors {
  const out: DeliveryErrors = { fields: {}, rows: {}, other: [] };
  const sent = v.rows.filter((r) => !blank(r));
  for (const [key, message] of Object.entries(errors ?? {})) {
    const m = /^batches\[(\d+)\]\.(lineId|batchId|kg)$/.exec(key);
    const row = m ? sent[Number(m[1])] : undefined;
    if (m && row) (out.rows[row.key] ??= {})[m[2] as RowField] = message;
    else if ((DELIVERY_FIELDS as readonly string[]).includes(key)) out.fields[key as DeliveryField] = message;
    else out.other.push(message);
  }
  return out;
}

/** The kilograms the rows load together. */
export const rowsKg = (rows: readonly BatchRow[]): number => rows.reduce((sum, r) => sum + (numberOf(r.kg) ?? 0), 0);
