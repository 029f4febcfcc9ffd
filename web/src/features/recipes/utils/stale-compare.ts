/**
 * What differs between the editor's unsaved draft and the version as someone saved it meanwhile
 * (decision 97): the header values one by one, each step list as a whole (its materials and
 * setpoints, actions and durations, parameters and values, in order).
 */
import { differences, type Difference } from '@/lib/stale-edit';
import { toText } from '@/lib/text';
import type { RecipeInput, RecipeRecord } from '../api/recipes-api';
import { draftOf, toInput, type Draft } from './draft';
import type { PlantIndex } from './plant-index';

export interface CompareText {
  t: (id: string) => string;
  medicationClass: (c: string) => string;
  number: (n: number) => string;
}

type Key = 'name' | 'product' | 'description' | 'batchSizeKg' | 'medicationClass' | 'mixingModeId' | 'weighingItems' | 'mixingItems' | 'miscellaneousItems';

const LABELS: Record<Key, string> = {
  name: 'web.recipes.field.name',
  product: 'web.recipes.field.product',
  description: 'web.recipes.field.description',
  batchSizeKg: 'web.recipes.field.batchSizeKg',
  medicationClass: 'web.recipes.field.medicationClass',
  mixingModeId: 'web.recipes.field.mixingMode',
  weighingItems: 'web.recipes.weighing.title',
  mixingItems: 'web.recipes.mixing.title',
  miscellaneousItems: 'web.recipes.misc.title',
};

/** The text of one part of a recipe input, with the line's codes for ids. */
function textOf(key: Key, input: RecipeInput, plant: PlantIndex | null, x: CompareText): string {
  const code = (id: string | null | undefined) => (id ? (plant?.label(id) ?? id) : '');
  const num = (n: number | null | undefined) => (n === null || n === undefined ? '' : x.number(n));
  switch (key) {
    case 'batchSizeKg':
      return num(input.batchSizeKg);
    case 'medicationClass':
      return input.medicationClass ? x.medicationClass(input.medicationClass) : '';
    case 'mixingModeId':
      return code(input.mixingModeId);
    case 'weighingItems':
      return (input.weighingItems ?? []).map((w) => `${code(w.materialId)} ${num(w.setpoint)} ${w.setpointUnit ?? ''}`.trim()).join('; ');
    case 'mixingItems':
      return (input.mixingItems ?? [])
        .map((m) => [code(m.mixingActionId), `${num(m.durationS)} s`, ...(m.parameters ?? []).map((p) => `${code(p.parameterId)} = ${toText(p.value ?? '')}`)].join(' '))
        .join('; ');
    case 'miscellaneousItems':
      return (input.miscellaneousItems ?? []).map((m) => `${code(m.miscellaneousParameterId)} = ${toText(m.value ?? '')}`).join('; ');
    default:
      return String(input[key] ?? '');
  }
}

/** The parts of the recipe where `mine` (the draft) and `theirs` (the saved version) differ. */
export function recipeDifferences(mine: Draft, theirs: RecipeRecord, plant: PlantIndex | null, x: CompareText): Difference[] {
  const a = toInput(mine, false);
  const b = toInput(draftOf(theirs), false);
  return differences(
    (Object.keys(LABELS) as Key[]).map((key) => ({ key, label: x.t(LABELS[key]), mine: textOf(key, a, plant, x), theirs: textOf(key, b, plant, x) })),
  );
}
