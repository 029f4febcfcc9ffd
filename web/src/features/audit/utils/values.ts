/**
 * How the trail's values read: a record's id shortened, a change's kind, a value of the record
 * (any JSON) as text, a status move's from and to, and the record pretty printed.
 */
import type { AuditChange } from '../api/audit-types';

/** Ids longer than this are shortened in the list (the whole id in its title). */
const SHORT_ID = 12;

/** `0193a4b2-0000-7000-…` → `0193a4b2…`; a short id as it is. */
export const shortId = (id: string): string => (id.length > SHORT_ID ? `${id.slice(0, 8)}…` : id);

export type ChangeKind = 'added' | 'removed' | 'changed';

/** Added (no value before), removed (none after), or changed. */
export function changeKind(c: AuditChange): ChangeKind {
  if (!('old' in c) || c.old === undefined) return 'added';
  if (!('new' in c) || c.new === undefined) return 'removed';
  return 'changed';
}

/** A value of the record as text: text as it is (`""` when empty), anything else as JSON. */
export function valueText(v: unknown): string {
  if (typeof v === 'string') return v === '' ? '""' : v;
  if (v === undefined) return '';
  return JSON.stringify(v) ?? '';
}

/** The record (or detail) as indented JSON. */
export const prettyJson = (v: unknown): string => JSON.stringify(v, null, 2) ?? '';

/** A status move's from and to, when the entry's detail says one (`{from: "RELEASED", to: "BLOCKED"}`). */
export function statusMove(detail: Record<string, unknown> | null | undefined): { from: string; to: string } | null {
  const from = detail?.from;
  const to = detail?.to;
  const scalar = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';
  return scalar(from) && scalar(to) ? { from: String(from), to: String(to) } : null;
}
