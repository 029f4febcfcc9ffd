/** Values of a stored version as the read-only screens show them. */
import type { ParameterRecord } from '../api/plant-api';
import type { PlantIndex } from './plant-index';

/** A parameter value with its unit: "40 rpm", "yes", "FAST". */
export function parameterText(p: ParameterRecord | undefined, value: unknown, text: { num: (n: number) => string; yesNo: (b: boolean) => string }): string {
  if (value === null || value === undefined || value === '') return '—';
  const unit = p?.unit ? ` ${p.unit}` : '';
  if (typeof value === 'boolean') return text.yesNo(value);
  if (typeof value === 'number') return `${text.num(value)}${unit}`;
  if (typeof value === 'string') {
    if (p?.dataType === 'BOOL') return text.yesNo(value === 'true');
    const n = Number(value);
    if ((p?.dataType === 'INT' || p?.dataType === 'DECIMAL') && value.trim() !== '' && Number.isFinite(n)) return `${text.num(n)}${unit}`;
    return `${value}${unit}`;
  }
  return JSON.stringify(value);
}

/** A record the recipe names, as `CODE · Name`, else its id (it may have been deleted since). */
export function nameOf(plant: PlantIndex | null, id: string | null | undefined): string {
  if (!id) return '—';
  return plant?.label(id) ?? id;
}
