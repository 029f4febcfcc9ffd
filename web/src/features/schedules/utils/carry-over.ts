/**
 * Carry-over between medication classes: the 409 that refuses a placement or a release
 * (`errors` keyed `carryOver:<previousOrderId>:<nextOrderId>`, one translated message each),
 * and the line's matrix (which class may follow which without a flush) as the settings grid
 * edits it.
 */
import { MedicationClass } from '@/generated/enums';
import { ApiError } from '@/lib/api-client';
import type { CarryOverRule, CarryOverSettings } from '../api/schedule-types';

export interface CarryOverConflict {
  previousId: string;
  nextId: string;
  message: string;
}

const PREFIX = 'carryOver:';

/** The conflicts named in a refusal's `errors`, in the server's order. */
export function parseConflicts(errors: Record<string, string> | null | undefined): CarryOverConflict[] {
  return Object.entries(errors ?? {}).flatMap(([key, message]) => {
    if (!key.startsWith(PREFIX)) return [];
    const [previousId, nextId] = key.slice(PREFIX.length).split(':');
    return previousId && nextId ? [{ previousId, nextId, message }] : [];
  });
}

/** A 409 carry-over refusal: its message (the first conflict's) and conflicts; null for any other failure. */
export function conflictOf(error: unknown): { message: string; conflicts: CarryOverConflict[] } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const conflicts = parseConflicts(error.body?.errors);
  if (conflicts.length === 0) return null;
  return { message: error.body?.message ?? conflicts[0].message, conflicts };
}

/** The medication classes of the matrix, weakest first (the server's list, else those the rules name). */
export const DEFAULT_CLASSES = MedicationClass;

export function classesOf(settings: Pick<CarryOverSettings, 'classes' | 'rules'>): string[] {
  if (settings.classes && settings.classes.length > 0) return settings.classes;
  const rank = (c: string) => {
    const i = (DEFAULT_CLASSES as readonly string[]).indexOf(c);
    return i < 0 ? DEFAULT_CLASSES.length : i;
  };
  return [...new Set(settings.rules.flatMap((r) => [r.fromClass, r.toClass]))].sort((a, b) => rank(a) - rank(b));
}

/** `from` then `to`: one cell of the grid. */
export const cellKey = (from: string, to: string) => `${from}>${to}`;

/** The cells needing a flush. */
export function matrixOf(rules: readonly CarryOverRule[]): Set<string> {
  return new Set(rules.filter((r) => r.flushRequired).map((r) => cellKey(r.fromClass, r.toClass)));
}

/** Every pair of `classes` as a rule (16 for the four classes). */
export function rulesOf(classes: readonly string[], flush: ReadonlySet<string>): CarryOverRule[] {
  return classes.flatMap((fromClass) => classes.map((toClass) => ({ fromClass, toClass, flushRequired: flush.has(cellKey(fromClass, toClass)) })));
}
