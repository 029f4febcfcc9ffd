/**
 * The goods-in form's values, what it sends (`LotInput`, and the fill into a bin that may
 * follow), and where the server's field messages go. Numbers are kept as the inputs hold them.
 */
import type { Bin, BinFill, Lot, LotInput, LotStatus } from '../api/trace-types';
import { numberOf, textOf } from './numbers';

export const LOT_FIELDS = ['lineId', 'materialId', 'supplierId', 'lotNumber', 'quantityKg', 'receivedAt', 'expiresAt', 'certificate', 'status'] as const;
export type LotField = (typeof LOT_FIELDS)[number];

export interface LotFormValues {
  lineId: string | null;
  materialId: string | null;
  supplierId: string | null;
  lotNumber: string;
  quantityKg: number | string;
  /** RFC 3339 instants, typed in plant time; '' for none. */
  receivedAt: string;
  expiresAt: string;
  certificate: string;
  /** The starting status of a new lot (QUARANTINE or RELEASED). */
  status: LotStatus;
  /** Put (part of) the lot into a bin now. */
  fill: boolean;
  binId: string | null;
  /** '' fills the whole quantity. */
  fillKg: number | string;
}

/** A new lot on `lineId`, received `now`, in quarantine. */
export function emptyLot(lineId: string | null, now: string): LotFormValues {
  return { lineId, materialId: null, supplierId: null, lotNumber: '', quantityKg: '', receivedAt: now, expiresAt: '', certificate: '', status: 'QUARANTINE', fill: false, binId: null, fillKg: '' };
}

/** A stored lot's values (a lot's status moves with a reason, not in this form). */
export function lotValues(lot: Lot): LotFormValues {
  return {
    lineId: lot.lineId,
    materialId: lot.materialId,
    supplierId: lot.supplierId,
    lotNumber: lot.lotNumber,
    quantityKg: lot.quantityKg,
    receivedAt: lot.receivedAt,
    expiresAt: lot.expiresAt ?? '',
    certificate: lot.certificate ?? '',
    status: lot.status,
    fill: false,
    binId: null,
    fillKg: '',
  };
}

/** The body of goods-in (`isNew`: with its starting status) or of a change. */
export function toLotInput(v: LotFormValues, isNew: boolean): LotInput {
  const input: LotInput = {
    lotNumber: v.lotNumber.trim(),
    materialId: v.materialId,
    supplierId: v.supplierId,
    quantityKg: numberOf(v.quantityKg),
    receivedAt: textOf(v.receivedAt),
    expiresAt: textOf(v.expiresAt),
    certificate: textOf(v.certificate),
  };
  if (isNew) input.status = v.status;
  return input;
}

/** The fill that follows goods-in, when asked for: into the bin chosen, the kilograms given or the whole lot. */
export function toFill(v: LotFormValues, lotId: string): BinFill | null {
  if (!v.fill) return null;
  return { binId: v.binId, lotId, quantityKg: numberOf(v.fillKg) ?? numberOf(v.quantityKg) };
}

/** The form's own check of the fill before anything is sent: message ids by field. */
export function fillProblems(v: LotFormValues): Partial<Record<'binId' | 'fillKg', string>> {
  if (!v.fill) return {};
  const out: Partial<Record<'binId' | 'fillKg', string>> = {};
  if (!v.binId) out.binId = 'web.trace.fill.binRequired';
  const kg = numberOf(v.fillKg);
  const lot = numberOf(v.quantityKg);
  if (kg !== null && kg <= 0) out.fillKg = 'web.trace.fill.positive';
  else if (kg !== null && lot !== null && kg > lot) out.fillKg = 'web.trace.fill.moreThanLot';
  return out;
}

/** The bins of the line that hold `materialId` (by their configuration). */
export const binsHolding = (bins: readonly Bin[], materialId: string | null): Bin[] =>
  materialId ? bins.filter((b) => (b.binMaterials ?? []).some((m) => m.materialId === materialId)) : [];

export interface SplitErrors<F extends string> {
  fields: Partial<Record<F, string>>;
  /** Messages no input shows. */
  other: string[];
}

/** Places a refusal's `errors` on the inputs named in `fields`; the rest apart. */
export function splitErrors<F extends string>(fields: readonly F[], errors: Record<string, string> | null | undefined): SplitErrors<F> {
  const out: SplitErrors<F> = { fields: {}, other: [] };
  for (const [key, message] of Object.entries(errors ?? {})) {
    if ((fields as readonly string[]).includes(key)) out.fields[key as F] = message;
    else out.other.push(message);
  }
  return out;
}
