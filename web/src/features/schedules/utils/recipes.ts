/** The recipes an order can run: the versions that hold the production release level now. */
import type { RecipeRecord, ReleaseLevel } from '@/features/recipes/api/recipes-api';

/** The versions of `released` holding a production level, by code. */
export function productionVersions(released: readonly RecipeRecord[], levels: readonly ReleaseLevel[]): RecipeRecord[] {
  const production = new Set(levels.filter((l) => l.production).map((l) => l.level));
  return released.filter((v) => v.levels.some((l) => production.has(l.level))).sort((a, b) => a.code.localeCompare(b.code));
}

