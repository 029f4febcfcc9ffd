/**
 * The batches chosen for a compare, kept in the address (`batchIds=a,b,c`, `goldenBatchId=b`):
 * at most ten, all of one recipe, one of them the reference ("golden", the first by default).
 * A batch is named by its number, or `<lineId>:<number>` where two lines listed one of that
 * number (as the api takes it).
 */
import { MAX_COMPARED } from './diag-types';

export interface Selection {
  ids: string[];
  golden: string;
}

export const SELECT_PARAM = { ids: 'batchIds', golden: 'goldenBatchId' } as const;

export function readSelection(search: URLSearchParams): Selection {
  const ids = [...new Set((search.get(SELECT_PARAM.ids) ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  const given = search.get(SELECT_PARAM.golden)?.trim() ?? '';
  return { ids, golden: ids.includes(given) ? given : (ids[0] ?? '') };
}

/** The address with the selection written (nothing for an empty one; the golden batch only when it is not the first). */
export function writeSelection(search: URLSearchParams, sel: Selection): URLSearchParams {
  const next = new URLSearchParams(search);
  if (sel.ids.length > 0) next.set(SELECT_PARAM.ids, sel.ids.join(','));
  else next.delete(SELECT_PARAM.ids);
  if (sel.golden) next.set(SELECT_PARAM.golden, sel.golden);
  else next.delete(SELECT_PARAM.golden);
  return next;
}

/** Adds or removes a batch; the reference moves to the first left when it is removed. Full: unchanged. */
export function toggled(sel: Selection, id: string, max = MAX_COMPARED): Selection {
  if (sel.ids.includes(id)) {
    const ids = sel.ids.filter((x) => x !== id);
    return { ids, golden: sel.golden === id ? (ids[0] ?? '') : sel.golden };
  }
  if (sel.ids.length >= max) return sel;
  const ids = [...sel.ids, id];
  return { ids, golden: sel.golden || id };
}

/** The recipe a batch belongs to as the compare sees it (its code, any case; else its version's id). */
export const recipeKey = (b: { recipeCode?: string | null; recipeId?: string | null }) => (b.recipeCode || b.recipeId || '').toLowerCase();

/** The batch number a name holds (`<lineId>:<number>` or the number). */
export const numberOf = (token: string) => token.slice(token.lastIndexOf(':') + 1);

/** How a listed batch is named: by its number, with its line where another listed line has one of that number. */
export function tokenOf(row: { lineId: string; batchId: string }, listed: readonly { lineId: string; batchId: string }[]): string {
  const twice = listed.some((o) => o.batchId === row.batchId && o.lineId !== row.lineId);
  return twice ? `${row.lineId}:${row.batchId}` : row.batchId;
}

/** True when `token` names the batch. */
export const names = (token: string, row: { lineId: string; batchId: string }) => token === row.batchId || token === `${row.lineId}:${row.batchId}`;
