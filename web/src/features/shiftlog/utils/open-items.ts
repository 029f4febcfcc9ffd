/**
 * The open items as the entry screen edits them: each with a key of its own (a new one has no
 * id yet), sent back whole as the api's `openItems` (a new item without `id`); and the server's
 * errors on them (`openItems[3].text`) by position.
 */
import type { OpenItem, OpenItemInput } from '../api/shift-log-types';

export interface ItemDraft {
  /** Stable while the item is edited: its id, or `new-<n>` for one added here. */
  key: string;
  id: string | null;
  text: string;
  done: boolean;
  /** The entry it was carried from (the shift before), if it was. */
  carriedFrom: string | null;
}

export const draftsOf = (items: readonly OpenItem[]): ItemDraft[] =>
  items.map((i) => ({ key: i.id, id: i.id, text: i.text, done: i.done, carriedFrom: i.carriedFrom ?? null }));

/** The list as the api takes it: each item's id (none for a new one), its text and whether it is done. */
export const inputsOf = (drafts: readonly ItemDraft[]): OpenItemInput[] =>
  drafts.map((d) => (d.id ? { id: d.id, text: d.text, done: d.done } : { text: d.text, done: d.done }));

/** Whether the drafts say the same as the entry's items (nothing to save). */
export function sameItems(drafts: readonly ItemDraft[], items: readonly OpenItem[]): boolean {
  return drafts.length === items.length && drafts.every((d, i) => d.id === items[i].id && d.text === items[i].text && d.done === items[i].done);
}

/** The server's field errors on the items (`openItems[3].text`) by position; `list` for the list's own (`openItems`). */
export function itemErrors(errors: Record<string, string> | null | undefined): { byIndex: Record<number, string>; list?: string } {
  const byIndex: Record<number, string> = {};
  let list: string | undefined;
  for (const [path, message] of Object.entries(errors ?? {})) {
    const m = /^openItems\[(\d+)\]/.exec(path);
    if (m) byIndex[Number(m[1])] ??= message;
    else if (path === 'openItems') list = message;
  }
  return { byIndex, list };
}

/** The items still open, of all. */
export const openCount = (items: readonly { done: boolean }[]): number => items.filter((i) => !i.done).length;
