/**
 * The order form's values, what it sends (`ScheduleInput`), and where the server's field
 * messages go. Numbers are kept as the inputs hold them ('' when empty).
 */
import type { ScheduleInput, ScheduleRecord } from '../api/schedule-types';
import { parseConflicts, type CarryOverConflict } from './carry-over';

export const FORM_FIELDS = ['lineId', 'recipeId', 'orderNumber', 'name', 'batchSizeKg', 'batches', 'plannedStart', 'sequence', 'notes'] as const;
export type FormField = (typeof FORM_FIELDS)[number];

export interface ScheduleFormValues {
  lineId: string | null;
  recipeId: string | null;
  orderNumber: string;
  name: string;
  batchSizeKg: number | string;
  batches: number | string;
  /** An instant (RFC 3339), typed in plant time; '' for none. */
  plannedStart: string;
  sequence: number | string;
  notes: string;
}

/** A new order on `lineId`, starting at `plannedStart`. */
export function emptyValues(lineId: string | null, plannedStart: string): ScheduleFormValues {
  return { lineId, recipeId: null, orderNumber: '', name: '', batchSizeKg: '', batches: 1, plannedStart, sequence: '', notes: '' };
}

/** A planned order's values; `recipeId` is the option the recipe select shows for it. */
export function valuesOf(r: ScheduleRecord, recipeId: string | null): ScheduleFormValues {
  return {
    lineId: r.lineId,
    recipeId,
    orderNumber: r.orderNumber,
    name: r.name,
    batchSizeKg: r.batchSizeKg,
    batches: r.batches,
    plannedStart: r.plannedStart ?? '',
    sequence: r.sequence,
    notes: r.notes ?? '',
  };
}

const number = (v: number | string): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const n = Number(v.trim().replace(',', '.'));
  return v.trim() === '' || !Number.isFinite(n) ? null : n;
};
const text = (v: string) => v.trim() || null;

/** The body of add or edit; `withFlush` asks the server to place flushes around a conflict. */
export function toInput(v: ScheduleFormValues, withFlush = false): ScheduleInput {
  const input: ScheduleInput = {
    lineId: v.lineId,
    recipeId: v.recipeId,
    orderNumber: v.orderNumber.trim(),
    name: text(v.name),
    batchSizeKg: number(v.batchSizeKg),
    batches: number(v.batches),
    plannedStart: text(v.plannedStart),
    sequence: number(v.sequence),
    notes: text(v.notes),
  };
  if (withFlush) input.withFlush = true;
  return input;
}

export interface FormErrors {
  /** Messages of the form's own inputs. */
  fields: Partial<Record<FormField, string>>;
  /** A carry-over refusal's conflicts. */
  conflicts: CarryOverConflict[];
  /** Messages no input shows. */
  other: string[];
}

export const NO_ERRORS: FormErrors = { fields: {}, conflicts: [], other: [] };

/** Places a refusal's `errors` on the inputs; carry-over conflicts and the rest apart. */
export function splitErrors(errors: Record<string, string> | null | undefined): FormErrors {
  const fields: Partial<Record<FormField, string>> = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(errors ?? {})) {
    if ((FORM_FIELDS as readonly string[]).includes(key)) fields[key as FormField] = message;
    else if (!key.startsWith('carryOver:')) other.push(message);
  }
  return { fields, conflicts: parseConflicts(errors), other };
}
