/** A state tag's value map as the form edits it: `0=STOPPED, 1=RUNNING` (one pair per comma or line). */
import { LineStateKind } from '@/generated/enums';

export type ValueMap = Record<string, LineStateKind>;

export function formatValueMap(map: ValueMap | null | undefined): string {
  return Object.entries(map ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
}

/** The map a text says, or the first pair it cannot read. */
export function parseValueMap(text: string): { map: ValueMap } | { bad: string } {
  const map: ValueMap = {};
  for (const raw of text.split(/[,\n]/)) {
    const pair = raw.trim();
    if (!pair) continue;
    const at = pair.indexOf('=');
    const key = at > 0 ? pair.slice(0, at).trim() : '';
    const state = at > 0 ? pair.slice(at + 1).trim().toUpperCase() : '';
    if (!key || !(LineStateKind as readonly string[]).includes(state)) return { bad: pair };
    map[key] = state as LineStateKind;
  }
  return { map };
}
