/**
 * What differs between an unsaved form and the record as someone saved it meanwhile (decision
 * 97), field by field as the form shows them: a planned order, a line's carry-over settings.
 */
import { differences, type Difference } from '@/lib/stale-edit';
import type { CarryOverSettings, ScheduleRecord } from '../api/schedule-types';
import { cellKey, classesOf, matrixOf } from './carry-over';
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

export interface CarryOverCompareText {
  t: (id: string, values?: Record<string, string>) => string;
  number: (n: number) => string;
  medicationClass: (c: string) => string;
  /** A material's `code · name`, from its id. */
  material: (id: string) => string;
}

/** The cells, flush material and quantity where `mine` (the unsaved grid) and `theirs` (the saved settings) differ. */
export function carryOverDifferences(mine: CarryOverSettings, theirs: CarryOverSettings, x: CarryOverCompareText): Difference[] {
  const yesNo = (required: boolean) => x.t(required ? 'web.schedules.carryOver.flush' : 'web.schedules.carryOver.noFlush');
  const a = matrixOf(mine.rules);
  const b = matrixOf(theirs.rules);
  const classes = classesOf(mine);
  const cells = classes.flatMap((from) =>
    classes.map((to) => ({
      key: cellKey(from, to),
      label: x.t('web.schedules.carryOver.cell', { from: x.medicationClass(from), to: x.medicationClass(to) }),
      mine: yesNo(a.has(cellKey(from, to))),
      theirs: yesNo(b.has(cellKey(from, to))),
    })),
  );
  const material = (id: string | null | undefined) => (id ? x.material(id) : '');
  const kg = (n: number | null | undefined) => (n === null || n === undefined ? '' : x.number(n));
  return differences([
    ...cells,
    { key: 'flushMaterialId', label: x.t('web.schedules.carryOver.material'), mine: material(mine.flushMaterialId), theirs: material(theirs.flushMaterialId) },
    { key: 'flushQuantityKg', label: x.t('web.schedules.carryOver.quantity'), mine: kg(mine.flushQuantityKg), theirs: kg(theirs.flushQuantityKg) },
  ]);
}
