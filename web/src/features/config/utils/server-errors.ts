/**
 * The server's field errors placed on the form: `name` on its input, `binMaterials[0].materialId`
 * on that cell of the items editor; keys that name no input are shown above the form.
 */
import type { Field } from '../api/config-types';

export interface ErrorKey {
  field: string;
  /** Row of an items field. */
  index?: number;
  /** Field inside the row. */
  inner?: string;
}

/** Splits `field`, `field[2]` and `field[2].inner` (also `field.2.inner`); null when malformed. */
export function parseErrorKey(key: string): ErrorKey | null {
  const m = /^([A-Za-z_$][\w$]*)(?:(?:\[(\d+)\]|\.(\d+))(?:\.([A-Za-z_$][\w$]*))?)?$/.exec(key.trim());
  if (!m) return null;
  const index = m[2] ?? m[3];
  return { field: m[1], ...(index !== undefined ? { index: Number(index) } : {}), ...(m[4] ? { inner: m[4] } : {}) };
}

/** The error key of a form input. */
export function errorKey(field: string, index?: number, inner?: string): string {
  if (index === undefined) return field;
  return inner ? `${field}[${index}].${inner}` : `${field}[${index}]`;
}

export interface PlacedErrors {
  /** Input key (as `errorKey` builds it) → message. */
  byKey: Record<string, string>;
  /** Messages that belong to no input of the form. */
  other: string[];
}

export function placeServerErrors(fields: Field[], errors: Record<string, string> | undefined | null): PlacedErrors {
  const byKey: Record<string, string> = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(errors ?? {})) {
    const parsed = parseErrorKey(key);
    const field = parsed && fields.find((f) => f.name === parsed.field);
    if (!parsed || !field) {
      other.push(message);
      continue;
    }
    if (parsed.index === undefined || field.kind.type !== 'items') {
      byKey[field.name] = message;
      continue;
    }
    const inner = parsed.inner && field.kind.fields.find((f) => f.name === parsed.inner);
    // A row-level message without a known cell lands on the items field as a whole.
    const at = inner ? errorKey(field.name, parsed.index, inner.name) : field.name;
    byKey[at] = byKey[at] ? `${byKey[at]} ${message}` : message;
  }
  return { byKey, other };
}
