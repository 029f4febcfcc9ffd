/**
 * How the batch screens name things: a recipe version, an item by its code and name, a
 * recipe's planned value, a batch's status and an alarm's severity (message ids).
 */
import { Severity } from '@/generated/enums';
import type { ControlValue } from './batch-types';

/** `GROWER · v2 · Grower`. */
export function recipeLabel(r: { recipeCode?: string | null; recipeVersion?: number | null; recipeName?: string | null }): string {
  const version = r.recipeVersion === null || r.recipeVersion === undefined ? null : `v${r.recipeVersion}`;
  return [r.recipeCode, version, r.recipeName].filter((p) => p !== null && p !== undefined && p !== '').join(' · ');
}

/** `CORN · Maize`, the code alone when no name is configured now, '—' for nothing. */
export function coded(code: string | null | undefined, name: string | null | undefined): string {
  if (!code) return name || '—';
  return name && name !== code ? `${code} · ${name}` : code;
}

/** A value as text: numbers and strings as they are, anything else as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** `SPEED = 40 rpm; TIME = 60 s`. */
export function controlValues(values: readonly ControlValue[]): string {
  if (values.length === 0) return '—';
  return values.map((v) => [`${v.code} = ${valueText(v.value)}`, v.unit].filter(Boolean).join(' ')).join('; ');
}

const STATUS: Record<string, string> = {
  COMPLETE: 'web.report.status.COMPLETE',
  ABORTED: 'web.report.status.ABORTED',
  RUNNING: 'web.batch.status.RUNNING',
};

/** The message id of a batch status (none: shown as the api spells it). */
export const statusId = (status: string): string | undefined => STATUS[status];

/** The message id of an alarm severity. */
export const severityId = (severity: string): string | undefined =>
  (Severity as readonly string[]).includes(severity) ? `web.live.severity.${severity}` : undefined;
