/** A field's value as text for the list, the view and the search: references by name, options translated. */
import { toText } from '@/lib/text';
import { type ConfigRecord, type EntityDescriptor, type Field } from '../api/config-types';
import { bySequence } from './field-inputs';

export interface DisplayContext {
  yes: string;
  no: string;
  /** A choice or list option, translated where the catalogue has it. */
  option: (value: string) => string;
  /** A number in the user's locale. */
  number: (value: number) => string;
  /** "3 rows". */
  count: (n: number) => string;
  /** The label of a referenced record (undefined when it is not known). */
  ref: (entity: string, id: string) => string | undefined;
}

/** How a record is named in selects and the view: `code – name`, or whichever it has. */
export function recordLabel(record: ConfigRecord | undefined, d?: EntityDescriptor): string {
  if (!record) return '';
  const code = record.code ? toText(record.code) : '';
  const name = record.name ? toText(record.name) : '';
  if (code && name) return `${code} – ${name}`;
  const title = d ? record[d.title] : undefined;
  return code || name || (title ? toText(title) : record._id);
}

/** The record's title (its `code`, or `name`, as the descriptor says). */
export function recordTitle(record: ConfigRecord | undefined, d?: EntityDescriptor): string {
  if (!record) return '';
  const title = record[d?.title ?? 'code'] ?? record.code ?? record.name;
  return title ? toText(title) : record._id;
}

type IdListKind = Extract<Field['kind'], { type: 'idList' }>;

/** The entity whose ids an idList holds, picked by the record's value of the field `kind.by`. */
export function idListEntity(kind: IdListKind, values: Record<string, unknown>): string | undefined {
  return kind.targets.find(([value]) => value === values[kind.by])?.[1];
}

/** Entities referenced by these fields (inside items too); idLists by the field that picks their entity. */
export function referencedEntities(fields: Field[], values: Record<string, unknown> = {}): string[] {
  const out = new Set<string>();
  for (const f of fields) {
    const k = f.kind;
    if (k.type === 'ref' || k.type === 'refList') out.add(k.entity);
    if (k.type === 'items') referencedEntities(k.fields).forEach((e) => out.add(e));
    if (k.type === 'idList') {
      const e = idListEntity(k, values);
      if (e) out.add(e);
    }
  }
  return [...out];
}

const MAX_SUMMARY = 3;

function summary(labels: string[], separator: string): string {
  const shown = labels.slice(0, MAX_SUMMARY).join(separator);
  return labels.length > MAX_SUMMARY ? `${shown} +${labels.length - MAX_SUMMARY}` : shown;
}

/**
 * The text of `field` in `record`. `withUnit` appends the unit (the list puts it in the header).
 * Items show the records they name (steps in sequence, `→` between), else their count.
 */
export function displayValue(field: Field, record: Record<string, unknown>, ctx: DisplayContext, withUnit = false): string {
  const v = record[field.name];
  const k = field.kind;
  const refOf = (entity: string, id: unknown) => ctx.ref(entity, String(id)) ?? String(id);
  if (v === undefined || v === null || v === '') return k.type === 'bool' ? (k.default ? ctx.yes : ctx.no) : '';
  switch (k.type) {
    case 'bool':
      return v === true || v === 'true' ? ctx.yes : ctx.no;
    case 'int':
    case 'decimal': {
      const n = typeof v === 'number' ? v : Number(v);
      const text = Number.isFinite(n) ? ctx.number(n) : toText(v);
      return withUnit && field.unit ? `${text} ${field.unit}` : text;
    }
    case 'choice':
      return ctx.option(toText(v));
    case 'textList':
      return Array.isArray(v) ? v.map((x) => ctx.option(String(x))).join(', ') : toText(v);
    case 'ref':
      return refOf(k.entity, v);
    case 'refList':
      return Array.isArray(v) ? v.map((id) => refOf(k.entity, id)).join(', ') : '';
    case 'idList': {
      const entity = idListEntity(k, record);
      return Array.isArray(v) ? v.map((id) => (entity ? refOf(entity, id) : String(id))).join(', ') : '';
    }
    case 'items': {
      const rows = Array.isArray(v) ? (v as Record<string, unknown>[]) : [];
      const ref = k.fields.find((f) => f.kind.type === 'ref');
      if (!ref || ref.kind.type !== 'ref' || rows.length === 0) return ctx.count(rows.length);
      const entity = ref.kind.entity;
      const ordered = bySequence(rows, k.fields);
      const sequenced = k.fields.some((f) => f.name === 'sequence');
      return summary(
        ordered.map((r) => (r[ref.name] ? refOf(entity, r[ref.name]) : '')).filter(Boolean),
        sequenced ? ' → ' : ', ',
      );
    }
    default:
      return toText(v);
  }
}

/** The value a column sorts by: numbers as numbers, everything else by its shown text. */
export function sortValue(field: Field, record: ConfigRecord, ctx: DisplayContext): string | number | null {
  const v = record[field.name];
  if ((field.kind.type === 'int' || field.kind.type === 'decimal') && v !== null && v !== undefined && v !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  const text = displayValue(field, record, ctx);
  return text === '' ? null : text;
}
