/**
 * Release levels (api/src/recipes/release.rs): a version is released level by level, so the
 * level it can take next is the lowest it does not hold whose lower level it holds; reverting
 * a level takes every higher level it holds back too.
 */
import type { HeldLevel, ReleaseLevel } from '../api/recipes-api';

/** The levels a version holding `held` may be released to now (at most one in practice). */
export function releasableLevels(levels: readonly ReleaseLevel[], held: readonly Pick<HeldLevel, 'level'>[]): ReleaseLevel[] {
  const has = (n: number) => held.some((h) => h.level === n);
  const ordered = [...levels].sort((a, b) => a.level - b.level);
  const next = ordered.find((l, i) => !has(l.level) && (i === 0 || has(ordered[i - 1].level)));
  return next ? [next] : [];
}

/** The held levels that reverting `level` also takes back (those above it), in order. */
export function revertedWith(held: readonly HeldLevel[], level: number): HeldLevel[] {
  return [...held].filter((h) => h.level > level).sort((a, b) => a.level - b.level);
}
