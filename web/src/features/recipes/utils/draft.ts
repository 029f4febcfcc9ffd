/**
 * The editor's model of a recipe version: weighing items grouped by scale (in the order the
 * scales first appear, as the server normalises them), the mixing sequence and the
 * miscellaneous values, each row with a stable key for React and for error placement. And the
 * body add and edit take, built so its item order is exactly the order on screen: the server
 * keys its errors by that order (`weighingItems[2].tolerance`).
 */
import { MedicationClass } from '@/generated/enums';
import type { RecipeInput, RecipeRecord } from '../api/recipes-api';

export type Unit = 'KG' | 'PERCENT';
/** A number input's value: a number, or text while empty or half typed ('', '12.'). */
export type Amount = number | string;
/** A parameter's value as the inputs hold it. */
export type ParamValue = number | boolean | string | null;

export interface WeighingRow {
  key: string;
  _id?: string | null;
  materialId: string | null;
  binId: string | null;
  setpoint: Amount;
  setpointUnit: Unit;
  tolerance: Amount;
  toleranceUnit: Unit;
  feedingPointId: string | null;
}

export interface ScaleGroup {
  scaleId: string;
  items: WeighingRow[];
}

export interface ParamEntry {
  parameterId: string;
  value: ParamValue;
}

export interface MixingRow {
  key: string;
  _id?: string | null;
  mixingActionId: string | null;
  mixingModeId: string | null;
  durationS: Amount;
  parameters: ParamEntry[];
}

export interface MiscRow {
  key: string;
  _id?: string | null;
  miscellaneousParameterId: string | null;
  value: ParamValue;
}

export interface Draft {
  lineId: string | null;
  code: string;
  name: string;
  product: string;
  description: string;
  batchSizeKg: Amount;
  medicationClass: MedicationClass;
  mixingModeId: string | null;
  scales: ScaleGroup[];
  mixing: MixingRow[];
  misc: MiscRow[];
}

/** The recipe's own values, as the editor's header shows them. */
export type HeaderField = 'lineId' | 'code' | 'name' | 'product' | 'description' | 'batchSizeKg' | 'medicationClass' | 'mixingModeId';

export const MEDICATION_CLASSES = MedicationClass;

let counter = 0;
/** A key unique within the page's life. */
export function rowKey(): string {
  counter += 1;
  return `row${counter}`;
}

const amount = (v: number | null | undefined): Amount => (typeof v === 'number' && Number.isFinite(v) ? v : '');
const unit = (u: string | null | undefined): Unit => (u === 'PERCENT' ? 'PERCENT' : 'KG');

/** A value as stored (JSON: number, boolean, text) as an input holds it. */
export function paramValue(v: unknown): ParamValue {
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v;
  return null;
}

export function emptyDraft(lineId: string | null): Draft {
  return { lineId, code: '', name: '', product: '', description: '', batchSizeKg: '', medicationClass: 'NONE', mixingModeId: null, scales: [], mixing: [], misc: [] };
}

export function emptyWeighing(): WeighingRow {
  return { key: rowKey(), materialId: null, binId: null, setpoint: '', setpointUnit: 'KG', tolerance: '', toleranceUnit: 'KG', feedingPointId: null };
}

export function emptyMixing(): MixingRow {
  return { key: rowKey(), mixingActionId: null, mixingModeId: null, durationS: '', parameters: [] };
}

export function emptyMisc(): MiscRow {
  return { key: rowKey(), miscellaneousParameterId: null, value: null };
}

/** The editor's draft of a stored version. */
export function draftOf(r: RecipeRecord): Draft {
  const scales: ScaleGroup[] = [];
  const sorted = [...(r.weighingItems ?? [])];
  for (const w of sorted) {
    const scaleId = w.scaleId ?? '';
    let group = scales.find((g) => g.scaleId === scaleId);
    if (!group) {
      group = { scaleId, items: [] };
      scales.push(group);
    }
    group.items.push({
      key: rowKey(),
      _id: w._id,
      materialId: w.materialId ?? null,
      binId: w.binId ?? null,
      setpoint: amount(w.setpoint),
      setpointUnit: unit(w.setpointUnit),
      tolerance: amount(w.tolerance),
      toleranceUnit: unit(w.toleranceUnit),
      feedingPointId: w.feedingPointId ?? null,
    });
  }
  for (const g of scales) g.items.sort((a, b) => seqOf(r, a._id) - seqOf(r, b._id));
  const mixing = [...(r.mixingItems ?? [])]
    .sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0))
    .map((m) => ({
      key: rowKey(),
      _id: m._id,
      mixingActionId: m.mixingActionId ?? null,
      mixingModeId: m.mixingModeId ?? null,
      durationS: amount(m.durationS),
      parameters: (m.parameters ?? []).filter((p) => p.parameterId).map((p) => ({ parameterId: p.parameterId!, value: paramValue(p.value) })),
    }));
  const misc = (r.miscellaneousItems ?? []).map((m) => ({
    key: rowKey(),
    _id: m._id,
    miscellaneousParameterId: m.miscellaneousParameterId ?? null,
    value: paramValue(m.value),
  }));
  return {
    lineId: r.lineId,
    code: r.code,
    name: r.name,
    product: r.product ?? '',
    description: r.description ?? '',
    batchSizeKg: amount(r.batchSizeKg),
    medicationClass: r.medicationClass || 'NONE',
    mixingModeId: r.mixingModeId ?? null,
    scales,
    mixing,
    misc,
  };
}

function seqOf(r: RecipeRecord, id: string | null | undefined): number {
  return r.weighingItems?.find((w) => w._id === id)?.sequence ?? 0;
}

/** The weighing rows in the order they are sent (scale by scale, as on screen). */
export function weighingRows(d: Draft): Array<{ scaleId: string; row: WeighingRow }> {
  return d.scales.flatMap((g) => g.items.map((row) => ({ scaleId: g.scaleId, row })));
}

const isEmpty = (v: ParamValue) => v === null || v === '' || (typeof v === 'number' && !Number.isFinite(v));

/** The parameter values a mixing step sends: those given a value (an empty one is "not set"). */
export function sentParameters(m: MixingRow): ParamEntry[] {
  return m.parameters.filter((p) => !isEmpty(p.value));
}

/** The number an input holds; null while empty or not (yet) a number. */
export function amountValue(v: Amount | null | undefined): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const text = (v ?? '').trim();
  const n = text === '' ? NaN : Number(text);
  return Number.isFinite(n) ? n : null;
}

const orNull = (v: Amount) => amountValue(v);
const textOrNull = (v: string) => (v.trim() === '' ? null : v.trim());

/**
 * The body of add (`withIdentity`: line and code too) or edit: the whole document, the
 * weighing items scale by scale in screen order with sequences 1, 2, … per scale.
 */
export function toInput(d: Draft, withIdentity: boolean): RecipeInput {
  return {
    ...(withIdentity ? { lineId: d.lineId, code: d.code.trim() } : {}),
    name: d.name.trim(),
    product: textOrNull(d.product),
    description: textOrNull(d.description),
    batchSizeKg: orNull(d.batchSizeKg),
    medicationClass: d.medicationClass,
    mixingModeId: d.mixingModeId,
    weighingItems: d.scales.flatMap((g) =>
      g.items.map((w, i) => ({
        _id: w._id ?? null,
        sequence: i + 1,
        scaleId: g.scaleId,
        materialId: w.materialId,
        binId: w.binId,
        setpoint: orNull(w.setpoint),
        setpointUnit: w.setpointUnit,
        tolerance: orNull(w.tolerance),
        toleranceUnit: w.toleranceUnit,
        feedingPointId: w.feedingPointId,
      })),
    ),
    mixingItems: d.mixing.map((m, i) => ({
      _id: m._id ?? null,
      sequence: i + 1,
      mixingActionId: m.mixingActionId,
      mixingModeId: m.mixingModeId,
      durationS: orNull(m.durationS),
      parameters: sentParameters(m).map((p) => ({ parameterId: p.parameterId, value: p.value })),
    })),
    miscellaneousItems: d.misc.map((m) => ({
      _id: m._id ?? null,
      miscellaneousParameterId: m.miscellaneousParameterId,
      value: m.value,
    })),
  };
}

/** Moves item `index` of `list` by `by` places (a copy; out of range leaves it as it is). */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

/**
 * The draft with the ids the server gave its items on save: the saved record lists them in
 * the order they were sent, so rows keep their keys (and their messages).
 */
export function withIds(d: Draft, r: RecipeRecord): Draft {
  const w = r.weighingItems ?? [];
  let i = 0;
  const scales = d.scales.map((g) => ({ ...g, items: g.items.map((row) => ({ ...row, _id: w[i++]?._id ?? row._id })) }));
  const mixing = [...(r.mixingItems ?? [])].sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0));
  const misc = r.miscellaneousItems ?? [];
  return {
    ...d,
    scales,
    mixing: d.mixing.map((row, j) => ({ ...row, _id: mixing[j]?._id ?? row._id })),
    misc: d.misc.map((row, j) => ({ ...row, _id: misc[j]?._id ?? row._id })),
  };
}
