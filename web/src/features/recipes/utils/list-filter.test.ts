import { describe, expect, it } from 'vitest';
import { recipe } from '../testing/fixtures';
import { filterRecipes, readFilters, recipeRows, writeFilters } from './list-filter';

const held = (level: number, name: string) => ({ level, code: name.toUpperCase(), name, releasedAt: '2026-11-20T09:00:00Z', releasedBy: 'anna@plant.test' });
const grower2 = recipe({ _id: 'V2', version: 2, latestVersion: 2 });
const grower1 = recipe({ status: 'RELEASED', locked: true, latestVersion: 2, levels: [held(1, 'Trial'), held(2, 'Production')] });
const layer = recipe({ _id: 'L-V1', recipeGroupId: 'G2', code: 'LAYER', name: 'Layer mash', product: 'Layer', status: 'VALIDATED' });
const starter = recipe({ _id: 'S-V3', recipeGroupId: 'G3', code: 'STARTER', name: 'Starter', product: 'Chick crumble', version: 3, latestVersion: 3, status: 'RELEASED', locked: true, levels: [held(1, 'Trial')] });

const rows = recipeRows([starter, grower2, layer], [grower1, starter]);
const codes = (f: Partial<Parameters<typeof filterRecipes>[1]>) => filterRecipes(rows, { search: '', status: null, level: null, ...f }).map((r) => r.record.code);

describe('the recipe list', () => {
  it('shows each recipe’s latest version with the levels any of its versions holds', () => {
    const grower = rows.find((r) => r.record.code === 'GROWER')!;
    expect(grower.record.version).toBe(2);
    expect(grower.levels.map((l) => [l.name, l.version])).toEqual([
      ['Trial', 1],
      ['Production', 1],
    ]);
    expect(rows.find((r) => r.record.code === 'LAYER')!.levels).toEqual([]);
  });

  it('lists by code and searches code, name and product', () => {
    expect(codes({})).toEqual(['GROWER', 'LAYER', 'STARTER']);
    expect(codes({ search: 'lay' })).toEqual(['LAYER']);
    expect(codes({ search: 'CHICK' })).toEqual(['STARTER']);
    expect(codes({ search: 'broiler' })).toEqual(['GROWER']);
    expect(codes({ search: 'nothing' })).toEqual([]);
  });

  it('filters by status and by a level held', () => {
    expect(codes({ status: 'DRAFT' })).toEqual(['GROWER']);
    expect(codes({ status: 'VALIDATED' })).toEqual(['LAYER']);
    expect(codes({ level: 1 })).toEqual(['GROWER', 'STARTER']);
    expect(codes({ level: 2 })).toEqual(['GROWER']);
    expect(codes({ level: 2, status: 'DRAFT', search: 'grow' })).toEqual(['GROWER']);
  });

  it('keeps the filters in the URL, back on page 1 when they change', () => {
    expect(readFilters(new URLSearchParams(''))).toEqual({ lineId: 'ALL', search: '', status: null, level: null, page: 1 });
    expect(readFilters(new URLSearchParams('lineId=L2&status=RELEASED&level=2&page=3&search=x'))).toEqual({ lineId: 'L2', search: 'x', status: 'RELEASED', level: 2, page: 3 });
    expect(readFilters(new URLSearchParams('status=BOGUS&level=x')).status).toBeNull();
    const next = writeFilters(new URLSearchParams('lineId=L2&page=3'), { status: 'DRAFT' });
    expect(next.toString()).toBe('lineId=L2&status=DRAFT');
    expect(writeFilters(next, { page: 2 }).toString()).toBe('lineId=L2&status=DRAFT&page=2');
    expect(writeFilters(next, { status: null }).toString()).toBe('lineId=L2');
  });
});
