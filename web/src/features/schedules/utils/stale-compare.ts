/**
 * What differs between a planned order's unsaved form and the order as someone saved it
 * meanwhile (decision 97), field by field as the form shows them.
 */
import { differences, type Difference } from '@/lib/stale-edit';
import type { ScheduleRecord } from '../api/schedule-types';
import { toInput, valuesOf, type ScheduleFormValues } from './form';

export interface CompareText {
  t: (id: string) => string;
  number: (n: number) => string;
  /** An instant in plant time. */
  dateTime: (at: string) => string;
  /** A recipe version's name, from its id. */
  recipe: (id: string) => string;
}

const FIELDS = ['recipeId', 'orderNumber', 'name', 'batchSizeKg', 'batches', 'plannedStart', 'sequence', 'notes'] as const;
const LABELS: Record<(typeof FIELDS)[number], string> = {
  recipeId: 'web.schedules.field.recipe',
  orderNumber: 'web.schedules.field.orderNumber',
  name: 'web.schedules.field.name',
  batchSizeKg: 'web.schedules.field.batchSizeKg',
  batches: 'web.schedules.field.batches',
  plannedStart: 'web.schedules.field.plannedStart',
  sequence: 'web.schedules.field.sequence',
  notes: 'web.schedules.field.notes',
};

/** The fields where `mine` (the form) and `theirs` (the saved order) differ. */
export function scheduleDifferences(mine: ScheduleFormValues, theirs: ScheduleRecord, x: CompareText): Difference[] {
  const a = toInput(mine);
  const b = toInput(valuesOf(theirs, theirs.recipeId ?? null));
  const text = (input: typeof a, key: (typeof FIELDS)[number]): string => {
    const v = input[key];
    if (v === null || v === undefined || v === '') return '';
    if (key === 'recipeId') return x.recipe(String(v));
    if (key === 'plannedStart') return x.dateTime(String(v));
    return typeof v === 'number' ? x.number(v) : String(v);
  };
  return differences(FIELDS.map((key) => ({ key, label: x.t(LABELS[key]), mine: text(a, key), theirs: text(b, key) })));
}
