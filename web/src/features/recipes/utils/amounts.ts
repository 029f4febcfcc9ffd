/**
 * Setpoints and tolerances in kg and percent (model/src/recipe/mod.rs): a setpoint in percent
 * is of the batch size, a tolerance in percent is of the item's setpoint. The totals the
 * editor shows as the items change.
 */
import { amountValue as num, type Amount, type Draft, type Unit, type WeighingRow } from './draft';

/** Rounds for display and for converted values: 3 decimals for kg, 4 for percent. */
export function round(v: number, u: Unit): number {
  const f = u === 'KG' ? 1e3 : 1e4;
  return Math.round(v * f) / f;
}

/** The item's setpoint in kg for a batch of `batchKg`; null while it cannot be known. */
export function setpointKg(item: Pick<WeighingRow, 'setpoint' | 'setpointUnit'>, batchKg: Amount): number | null {
  const v = num(item.setpoint);
  if (v === null) return null;
  if (item.setpointUnit === 'KG') return v;
  const batch = num(batchKg);
  return batch === null ? null : (batch * v) / 100;
}

/** The item's tolerance in kg (a percentage is of its setpoint). */
export function toleranceKg(item: Pick<WeighingRow, 'setpoint' | 'setpointUnit' | 'tolerance' | 'toleranceUnit'>, batchKg: Amount): number | null {
  const v = num(item.tolerance);
  if (v === null) return null;
  if (item.toleranceUnit === 'KG') return v;
  const sp = setpointKg(item, batchKg);
  return sp === null ? null : (sp * v) / 100;
}

/**
 * A value given in `from` as the same quantity in `to`; `base` is what a percentage is of
 * (the batch size for a setpoint, the setpoint in kg for a tolerance). Empty, or without a
 * base to convert with, it stays as it is.
 */
export function convert(value: Amount, from: Unit, to: Unit, base: number | null): Amount {
  const v = num(value);
  if (from === to || v === null || base === null || base <= 0) return value;
  return to === 'PERCENT' ? round((v / base) * 100, 'PERCENT') : round((base * v) / 100, 'KG');
}

/** The item with its setpoint unit switched, the quantity kept. */
export function withSetpointUnit(item: WeighingRow, to: Unit, batchKg: Amount): WeighingRow {
  return { ...item, setpoint: convert(item.setpoint, item.setpointUnit, to, num(batchKg)), setpointUnit: to };
}

/** The item with its tolerance unit switched, the quantity kept. */
export function withToleranceUnit(item: WeighingRow, to: Unit, batchKg: Amount): WeighingRow {
  return { ...item, tolerance: convert(item.tolerance, item.toleranceUnit, to, setpointKg(item, batchKg)), toleranceUnit: to };
}

export interface Totals {
  /** The sum of the setpoints that can be known, in kg. */
  totalKg: number;
  /** The batch size, when given. */
  batchKg: number | null;
  /** Batch size less the total (negative: over the batch). */
  remainingKg: number | null;
  /** Total as a percentage of the batch. */
  percent: number | null;
  /** kg per scale, in the draft's scale order. */
  perScale: Array<{ scaleId: string; kg: number }>;
  /** Items whose setpoint is still missing. */
  incomplete: number;
}

export function totals(d: Pick<Draft, 'scales' | 'batchSizeKg'>): Totals {
  let incomplete = 0;
  const perScale = d.scales.map((g) => ({
    scaleId: g.scaleId,
    kg: g.items.reduce((sum, w) => {
      const kg = setpointKg(w, d.batchSizeKg);
      if (kg === null) incomplete += 1;
      return sum + (kg ?? 0);
    }, 0),
  }));
  const totalKg = round(perScale.reduce((s, p) => s + p.kg, 0), 'KG');
  const batchKg = num(d.batchSizeKg);
  const usable = batchKg !== null && batchKg > 0 ? batchKg : null;
  return {
    totalKg,
    batchKg,
    remainingKg: usable === null ? null : round(usable - totalKg, 'KG'),
    percent: usable === null ? null : round((totalKg / usable) * 100, 'PERCENT'),
    perScale: perScale.map((p) => ({ ...p, kg: round(p.kg, 'KG') })),
    incomplete,
  };
}
