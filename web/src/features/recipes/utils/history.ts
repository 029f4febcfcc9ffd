/**
 * A history entry of a version (`GET /api/recipes/{id}/history`) in a line or two: what an
 * update changed (header values old → new, which step lists changed and their item counts),
 * which level a release or revert concerned, where a copy came from. Answers messages to
 * format, so the screen translates them.
 */
import type { HistoryEntry } from '../api/recipes-api';

export interface SummaryPart {
  id: string;
  values: Record<string, string | number>;
}

const HEADER = ['name', 'product', 'description', 'batchSizeKg', 'medicationClass', 'mixingModeId'] as const;
const LISTS = ['weighingItems', 'mixingItems', 'miscellaneousItems'] as const;

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
/** A list's items without their ids and sequence numbers, to tell real changes from renumbering. */
const essence = (items: unknown[]) => JSON.stringify(items.map((i) => ({ ...obj(i), _id: undefined })));

export interface SummaryText {
  /** A header value as text (ids as codes, classes translated). */
  value: (field: string, v: unknown) => string;
  level: (n: number) => string;
}

function updated(e: HistoryEntry, t: SummaryText): SummaryPart[] {
  const before = obj(e.before);
  const after = obj(e.after);
  const parts: SummaryPart[] = [];
  for (const f of HEADER) {
    const [a, b] = [before[f] ?? null, after[f] ?? null];
    if (JSON.stringify(a) !== JSON.stringify(b)) parts.push({ id: 'web.recipes.history.fieldChanged', values: { field: f, old: t.value(f, a), new: t.value(f, b) } });
  }
  for (const l of LISTS) {
    const [a, b] = [list(before[l]), list(after[l])];
    if (essence(a) !== essence(b)) parts.push({ id: 'web.recipes.history.listChanged', values: { list: l, old: a.length, new: b.length } });
  }
  return parts.length > 0 ? parts : [{ id: 'web.recipes.history.noChange', values: {} }];
}

/** The short summary of one entry (nothing to add for some actions). */
export function historySummary(e: HistoryEntry, t: SummaryText): SummaryPart[] {
  const d = obj(e.detail);
  const n = (v: unknown) => (typeof v === 'number' ? v : Number(v));
  switch (e.action) {
    case 'updated':
      return updated(e, t);
    case 'released':
      return [{ id: 'web.recipes.history.releasedTo', values: { level: t.level(n(d.level)) } }];
    case 'replaced':
      return [{ id: 'web.recipes.history.replacedAt', values: { level: t.level(n(d.level)) } }];
    case 'reverted':
      return [{ id: 'web.recipes.history.revertedLevels', values: { levels: list(d.levels).map((l) => t.level(n(l))).join(', ') } }];
    case 'versionCreated':
      return d.copiedFromVersion === undefined ? [] : [{ id: 'web.recipes.history.copiedFrom', values: { version: n(d.copiedFromVersion) } }];
    case 'savedAs':
      return [{ id: 'web.recipes.history.savedFrom', values: { code: typeof d.savedFromCode === 'string' ? d.savedFromCode : '', version: n(d.savedFromVersion) } }];
    default:
      return [];
  }
}

/** The actions the api records (HistoryRecord.action); others show as they come. */
export const HISTORY_ACTIONS = ['created', 'updated', 'validated', 'released', 'reverted', 'replaced', 'versionCreated', 'savedAs', 'deleted', 'signed', 'signature_failed'] as const;
