/**
 * Fields as form inputs: which input a kind gets, the form's value of a record, the body a
 * form sends, and the client-side checks (the server checks again and has the last word).
 */
import VALIDATION from '@/generated/validation.json';
import { toText } from '@/lib/text';
import type { ConfigRecord, Field, Kind } from '../api/config-types';

export type InputType =
  | 'text'
  | 'textarea'
  | 'number'
  | 'switch'
  | 'select'
  | 'time'
  | 'timeZone'
  | 'ref'
  | 'refList'
  | 'idList'
  | 'chips'
  | 'tags'
  | 'items';

/** Codes and times as the server checks them (model/src/config/check.rs, via the contract). */
const CODE = new RegExp(VALIDATION.patterns.code);
const TIME = new RegExp(VALIDATION.patterns.time);
const CODE_MAX: number = VALIDATION.limits.code;
/** Texts longer than this get a multi-line input. */
const LONG_TEXT = 120;

export function inputFor(kind: Kind): InputType {
  switch (kind.type) {
    case 'text':
      return kind.max > LONG_TEXT ? 'textarea' : 'text';
    case 'code':
      return 'text';
    case 'int':
    case 'decimal':
      return 'number';
    case 'bool':
      return 'switch';
    case 'choice':
      return 'select';
    case 'time':
      return 'time';
    case 'timeZone':
      return 'timeZone';
    case 'ref':
      return 'ref';
    case 'refList':
      return 'refList';
    case 'idList':
      return 'idList';
    case 'textList':
      return kind.options.length > 0 ? 'chips' : 'tags';
    case 'items':
      return 'items';
  }
}

/** Longest text an input takes (undefined: no limit). */
export function maxLengthOf(kind: Kind): number | undefined {
  if (kind.type === 'text') return kind.max;
  if (kind.type === 'code') return CODE_MAX;
  return undefined;
}

export type FormValues = Record<string, unknown>;

/** The value of an empty input of the field. */
function emptyValue(field: Field): unknown {
  switch (field.kind.type) {
    case 'bool':
      return field.kind.default;
    case 'refList':
    case 'idList':
    case 'textList':
    case 'items':
      return [];
    default:
      return '';
  }
}

/** Items with a `sequence` are kept in that order (mixing steps run in sequence). */
export function bySequence<T>(rows: T[], fields: Field[]): T[] {
  if (!fields.some((f) => f.name === 'sequence')) return rows;
  const seq = (r: T) => {
    const v = Number((r as Record<string, unknown>).sequence);
    return Number.isFinite(v) && (r as Record<string, unknown>).sequence !== '' ? v : Infinity;
  };
  return [...rows].sort((a, b) => seq(a) - seq(b));
}

/** The form's values of a record (or of a new one). */
export function toFormValues(fields: Field[], record?: Partial<ConfigRecord> | Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const f of fields) {
    const raw = record?.[f.name];
    if (raw === undefined || raw === null) values[f.name] = emptyValue(f);
    else if (f.kind.type === 'items') {
      const inner = f.kind.fields;
      const rows = Array.isArray(raw) ? raw.map((r) => toFormValues(inner, (r ?? {}) as Record<string, unknown>)) : [];
      values[f.name] = bySequence(rows, inner);
    } else if (Array.isArray(emptyValue(f))) values[f.name] = Array.isArray(raw) ? raw.map(String) : [];
    else if (f.kind.type === 'bool') values[f.name] = raw === true || raw === 'true';
    else if (f.kind.type === 'int' || f.kind.type === 'decimal') values[f.name] = typeof raw === 'number' ? raw : toText(raw);
    else values[f.name] = toText(raw);
  }
  return values;
}

/** A number typed in any locale (`12,5` or `12.5`), or null when it is not one. */
export function parseNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value.trim().replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The body a form sends: texts trimmed, empty inputs as null, numbers as numbers. */
export function toPayload(fields: Field[], values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    switch (f.kind.type) {
      case 'int':
      case 'decimal':
        out[f.name] = isBlank(v) ? null : (parseNumber(v) ?? v);
        break;
      case 'bool':
        out[f.name] = Boolean(v);
        break;
      case 'refList':
      case 'idList':
      case 'textList':
        out[f.name] = (Array.isArray(v) ? v : []).map((x) => String(x).trim()).filter((x) => x !== '');
        break;
      case 'items': {
        const inner = f.kind.fields;
        out[f.name] = (Array.isArray(v) ? v : []).map((row) => toPayload(inner, row as FormValues));
        break;
      }
      default:
        out[f.name] = isBlank(v) ? null : String(v).trim();
    }
  }
  return out;
}

/** A client-side problem: a message id and its values. */
export interface Problem {
  id: string;
  values?: Record<string, string | number>;
}

function problemOf(f: Field, v: unknown): Problem | null {
  const list = Array.isArray(v);
  if (list ? v.length === 0 : isBlank(v)) return f.required ? { id: 'web.config.check.required' } : null;
  const k = f.kind;
  switch (k.type) {
    case 'text':
      return [...String(v).trim()].length > k.max ? { id: 'web.config.check.tooLong', values: { max: k.max } } : null;
    case 'code':
      return CODE.test(String(v).trim()) ? null : { id: 'web.config.check.code' };
    case 'time':
      return TIME.test(String(v).trim()) ? null : { id: 'web.config.check.time' };
    case 'int':
    case 'decimal': {
      const n = parseNumber(v);
      if (n === null) return { id: 'web.config.check.number' };
      if (k.type === 'int' && !Number.isInteger(n)) return { id: 'web.config.check.integer' };
      return n < k.min || n > k.max ? { id: 'web.config.check.range', values: { min: k.min, max: k.max } } : null;
    }
    case 'choice':
      return k.options.includes(String(v)) ? null : { id: 'web.config.check.choice' };
    default:
      return null;
  }
}

/**
 * Checks the form: error key → problem, keyed as the server keys them (`name`,
 * `binMaterials[0].materialId`), so both land on the same input.
 */
export function checkValues(fields: Field[], values: FormValues, prefix = ''): Record<string, Problem> {
  const problems: Record<string, Problem> = {};
  for (const f of fields) {
    const v = values[f.name];
    const own = problemOf(f, v);
    if (own) problems[`${prefix}${f.name}`] = own;
    if (f.kind.type === 'items' && Array.isArray(v)) {
      const inner = f.kind.fields;
      v.forEach((row, i) => Object.assign(problems, checkValues(inner, row as FormValues, `${prefix}${f.name}[${i}].`)));
    }
  }
  return problems;
}
