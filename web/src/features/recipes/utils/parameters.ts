/**
 * Parameter values of mixing steps and miscellaneous values: which parameters a step takes
 * (its action's, then its mode's), their starting values, and values by data type
 * (INT, DECIMAL, BOOL, TEXT, ENUM).
 */
import type { ParameterRecord } from '../api/plant-api';
import type { MixingRow, ParamEntry, ParamValue } from './draft';
import type { PlantIndex } from './plant-index';

/** The parameters a step takes: its action's, then its mode's, each once. */
export function stepParameterIds(row: Pick<MixingRow, 'mixingActionId' | 'mixingModeId'>, plant: PlantIndex): string[] {
  const ids = [...(plant.action(row.mixingActionId)?.parameters ?? []), ...(plant.mode(row.mixingModeId)?.parameters ?? [])];
  return [...new Set(ids)];
}

/** A parameter's default as its input holds it ('' when it has none; false for a switch). */
export function defaultValue(p: ParameterRecord | undefined): ParamValue {
  if (!p) return null;
  const d = p.default ?? '';
  switch (p.dataType) {
    case 'BOOL':
      return d === 'true';
    case 'INT':
    case 'DECIMAL': {
      const n = d.trim() === '' ? NaN : Number(d);
      return Number.isFinite(n) ? n : '';
    }
    default:
      return d;
  }
}

/** The step's parameter entries after its action or mode changed: the values kept where the parameter stays. */
export function syncParameters(row: MixingRow, plant: PlantIndex): ParamEntry[] {
  return stepParameterIds(row, plant).map((id) => row.parameters.find((p) => p.parameterId === id) ?? { parameterId: id, value: defaultValue(plant.parameter(id)) });
}

/**
 * The entries shown for a step: those it takes (empty where a stored step has no value), and
 * any stored value of another parameter, so its problem shows.
 */
export function shownParameters(row: MixingRow, plant: PlantIndex): ParamEntry[] {
  const taken = stepParameterIds(row, plant).map((id) => row.parameters.find((p) => p.parameterId === id) ?? { parameterId: id, value: null });
  const extra = row.parameters.filter((p) => !taken.some((t) => t.parameterId === p.parameterId));
  return [...taken, ...extra];
}

/** The step with parameter `id` set to `value`. */
export function withParameter(row: MixingRow, plant: PlantIndex, id: string, value: ParamValue): MixingRow {
  const entries = shownParameters(row, plant).map((p) => (p.parameterId === id ? { ...p, value } : p));
  return { ...row, parameters: entries };
}

/** "10–60 rpm", "≥ 10", "rpm": the hint of a number parameter's input. */
export function rangeHint(p: Pick<ParameterRecord, 'min' | 'max' | 'unit'>, num: (n: number) => string): string {
  const unit = p.unit ? ` ${p.unit}` : '';
  const has = (v: number | null | undefined): v is number => typeof v === 'number';
  if (has(p.min) && has(p.max)) return `${num(p.min)}–${num(p.max)}${unit}`;
  if (has(p.min)) return `≥ ${num(p.min)}${unit}`;
  if (has(p.max)) return `≤ ${num(p.max)}${unit}`;
  return unit.trim();
}
