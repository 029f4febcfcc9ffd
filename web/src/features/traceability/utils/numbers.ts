/** Numbers as the inputs hold them ('' when empty; a comma read as the decimal point). */
export function numberOf(v: number | string | null | undefined): number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const t = v.trim().replace(',', '.');
  const n = Number(t);
  return t === '' || !Number.isFinite(n) ? null : n;
}

/** Text trimmed; null when nothing is left. */
export const textOf = (v: string | null | undefined): string | null => v?.trim() || null;
