/**
 * A comparison of two versions (model/src/recipe/diff.rs) as lines to read: each added,
 * removed or changed item named by its material and scale, step or parameter, and each
 * changed value as old → new, with record ids shown as their codes.
 */
import type { Comparison, FieldChange, ItemChange } from '../api/recipes-api';

/** What the formatting needs from the screen: labels in the user's language. */
export interface DiffText {
  /** A field's name (`setpoint` → "Setpoint"). */
  field: (name: string) => string;
  /** A record id as its code (and name); undefined when unknown. */
  record: (id: string) => string | undefined;
  number: (n: number) => string;
  yesNo: (b: boolean) => string;
  medicationClass: (code: string) => string;
  /** "CORN on MAJOR", "Step 2: DRY_MIX". */
  weighingItem: (material: string, scale: string) => string;
  mixingStep: (n: string, action: string) => string;
}

export interface DiffLine {
  change: ItemChange['change'];
  /** Which item (for header changes: the field). */
  item: string;
  /** Changed values; for an added or removed item its own values (old or new empty). */
  values: Array<{ field: string; old: string; new: string }>;
}

export interface DiffSection {
  id: 'header' | 'weighingItems' | 'mixingItems' | 'miscellaneousItems';
  lines: DiffLine[];
}

const EMPTY = '—';
type Json = Record<string, unknown>;

function asObject(v: unknown): Json {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {};
}

/** One value as text. */
export function formatValue(field: string, v: unknown, t: DiffText): string {
  if (v === null || v === undefined || v === '') return EMPTY;
  if (field === 'setpointUnit' || field === 'toleranceUnit') return v === 'PERCENT' ? '%' : 'kg';
  if (field === 'medicationClass' && typeof v === 'string') return t.medicationClass(v);
  if (field === 'parameters' && Array.isArray(v)) {
    if (v.length === 0) return EMPTY;
    return v.map((p) => `${t.record(String(asObject(p).parameterId)) ?? EMPTY} = ${formatValue('value', asObject(p).value, t)}`).join(', ');
  }
  if (typeof v === 'string') return field.endsWith('Id') ? (t.record(v) ?? v) : v;
  if (typeof v === 'number') return t.number(v);
  if (typeof v === 'boolean') return t.yesNo(v);
  return JSON.stringify(v);
}

const fieldLine = (c: FieldChange, t: DiffText) => ({ field: t.field(c.field), old: formatValue(c.field, c.old, t), new: formatValue(c.field, c.new, t) });

/** Fields of an item worth listing when it is added or removed. */
const SHOWN: Record<string, string[]> = {
  weighingItems: ['setpoint', 'setpointUnit', 'tolerance', 'toleranceUnit', 'binId'],
  mixingItems: ['mixingActionId', 'mixingModeId', 'durationS', 'parameters'],
  miscellaneousItems: ['value'],
};

function itemName(list: string, change: ItemChange, t: DiffText): string {
  const item = asObject(change.new ?? change.old);
  const id = (k: string) => {
    const v = item[k];
    return typeof v === 'string' ? (t.record(v) ?? v) : EMPTY;
  };
  if (list === 'weighingItems') return t.weighingItem(id('materialId'), id('scaleId'));
  if (list === 'mixingItems') return t.mixingStep(change.key, id('mixingActionId'));
  return id('miscellaneousParameterId');
}

function itemLine(list: string, change: ItemChange, t: DiffText): DiffLine {
  const name = itemName(list, change, t);
  if (change.change === 'CHANGED') return { change: change.change, item: name, values: change.fields.map((f) => fieldLine(f, t)) };
  const item = asObject(change.new ?? change.old);
  const values = (SHOWN[list] ?? [])
    .filter((f) => item[f] !== undefined && item[f] !== null)
    .map((f) => {
      const text = formatValue(f, item[f], t);
      return { field: t.field(f), old: change.change === 'REMOVED' ? text : '', new: change.change === 'ADDED' ? text : '' };
    });
  return { change: change.change, item: name, values };
}

/** The comparison as sections of lines; empty sections are left out. */
export function diffSections(c: Comparison, t: DiffText): DiffSection[] {
  const withLabels: DiffText = { ...t, record: (id) => t.record(id) ?? c.labels[id] };
  const sections: DiffSection[] = [
    { id: 'header', lines: c.diff.header.map((f) => ({ change: 'CHANGED' as const, item: withLabels.field(f.field), values: [fieldLine(f, withLabels)] })) },
    { id: 'weighingItems', lines: c.diff.weighingItems.map((i) => itemLine('weighingItems', i, withLabels)) },
    { id: 'mixingItems', lines: c.diff.mixingItems.map((i) => itemLine('mixingItems', i, withLabels)) },
    { id: 'miscellaneousItems', lines: c.diff.miscellaneousItems.map((i) => itemLine('miscellaneousItems', i, withLabels)) },
  ];
  return sections.filter((s) => s.lines.length > 0);
}
