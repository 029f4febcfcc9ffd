/**
 * The server's problems on the editor's inputs. The api names a field by its path in the body
 * (`weighingItems[2].tolerance`, `mixingItems[0].parameters[1].value`, `batchSizeKg`); the
 * editor names inputs by row key (`w.row7.tolerance`), so rows keep their messages while they
 * move. A path is resolved against the draft that was sent (see `toInput`); messages whose
 * field has no input on screen are kept aside for the summary.
 */
import { sentParameters, weighingRows, type Draft } from './draft';

/** The editor's input keys. */
export const inputKey = {
  weighing: (row: string, field: 'materialId' | 'binId' | 'setpoint' | 'tolerance') => `w.${row}.${field}`,
  mixing: (row: string, field: 'mixingActionId' | 'mixingModeId' | 'durationS') => `m.${row}.${field}`,
  parameter: (row: string, parameterId: string) => `m.${row}.p.${parameterId}`,
  misc: (row: string, field: 'miscellaneousParameterId' | 'value') => `x.${row}.${field}`,
};

/** Header inputs and the three step sections (a message on the whole list shows there). */
const ON_SCREEN = new Set(['lineId', 'code', 'name', 'product', 'description', 'batchSizeKg', 'medicationClass', 'mixingModeId', 'weighingItems', 'mixingItems', 'miscellaneousItems']);

interface Path {
  list: string;
  index?: number;
  field?: string;
  subIndex?: number;
  subField?: string;
}

/** Splits `list`, `list[2]`, `list[2].field`, `list[2].field[1].sub`; null when malformed. */
export function parsePath(path: string): Path | null {
  const m = /^([A-Za-z_]\w*)(?:\[(\d+)\](?:\.([A-Za-z_]\w*)(?:\[(\d+)\](?:\.([A-Za-z_]\w*))?)?)?)?$/.exec(path.trim());
  if (!m) return null;
  return {
    list: m[1],
    index: m[2] === undefined ? undefined : Number(m[2]),
    field: m[3],
    subIndex: m[4] === undefined ? undefined : Number(m[4]),
    subField: m[5],
  };
}

const WEIGHING_FIELDS: Record<string, 'materialId' | 'binId' | 'setpoint' | 'tolerance'> = {
  materialId: 'materialId',
  binId: 'binId',
  setpoint: 'setpoint',
  setpointUnit: 'setpoint',
  tolerance: 'tolerance',
  toleranceUnit: 'tolerance',
};
const MIXING_FIELDS = new Set(['mixingActionId', 'mixingModeId', 'durationS']);

/** The input a server path names in `draft`; null when no input shows that field. */
export function inputOf(draft: Draft, path: string): string | null {
  const p = parsePath(path);
  if (!p) return null;
  if (p.index === undefined) return ON_SCREEN.has(p.list) ? p.list : null;
  if (p.list === 'weighingItems') {
    const row = weighingRows(draft)[p.index]?.row;
    const field = WEIGHING_FIELDS[p.field ?? 'materialId'];
    return row && field ? inputKey.weighing(row.key, field) : null;
  }
  if (p.list === 'mixingItems') {
    const row = draft.mixing[p.index];
    if (!row) return null;
    if (p.field === 'parameters') {
      const param = p.subIndex === undefined ? undefined : sentParameters(row)[p.subIndex];
      return param ? inputKey.parameter(row.key, param.parameterId) : inputKey.mixing(row.key, 'mixingActionId');
    }
    const field = p.field ?? 'mixingActionId';
    return MIXING_FIELDS.has(field) ? inputKey.mixing(row.key, field as 'durationS') : null;
  }
  if (p.list === 'miscellaneousItems') {
    const row = draft.misc[p.index];
    if (!row) return null;
    return inputKey.misc(row.key, p.field === 'value' ? 'value' : 'miscellaneousParameterId');
  }
  return null;
}

export interface PlacedErrors {
  /** Input key → message(s). */
  byKey: Record<string, string>;
  /** Messages no input on screen shows. */
  other: string[];
}

export const NO_ERRORS: PlacedErrors = { byKey: {}, other: [] };

/** Places `[path, message]` pairs (a 400's `errors`, or validation problems) on the draft's inputs. */
export function placeErrors(draft: Draft, entries: Array<[string, string]>): PlacedErrors {
  const byKey: Record<string, string> = {};
  const other: string[] = [];
  for (const [path, message] of entries) {
    const key = inputOf(draft, path);
    if (key === null) other.push(message);
    else byKey[key] = byKey[key] ? `${byKey[key]} ${message}` : message;
  }
  return { byKey, other };
}

/** The errors without the messages of `key` (an input that was changed). */
export function withoutKey(errors: PlacedErrors, key: string): PlacedErrors {
  if (!(key in errors.byKey)) return errors;
  const byKey = { ...errors.byKey };
  delete byKey[key];
  return { ...errors, byKey };
}
