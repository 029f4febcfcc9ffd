import { describe, expect, it } from 'vitest';
import { nextSort, pageCount, pageOf, sortRows } from './sort';

const collator = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });

describe('sorting and paging report rows', () => {
  it('sorts numbers by size and text in the language, missing values last either way', () => {
    const rows = [{ v: 3 }, { v: null }, { v: 10 }, { v: 2 }];
    expect(sortRows(rows, (r) => r.v, 'asc', collator).map((r) => r.v)).toEqual([2, 3, 10, null]);
    expect(sortRows(rows, (r) => r.v, 'desc', collator).map((r) => r.v)).toEqual([10, 3, 2, null]);
    const names = [{ v: 'Öl' }, { v: 'Mais' }, { v: 'Ackerbohne' }];
    expect(sortRows(names, (r) => r.v, 'asc', collator).map((r) => r.v)).toEqual(['Ackerbohne', 'Mais', 'Öl']);
  });

  it('turns a column around on a second click and starts numbers high', () => {
    expect(nextSort(null, 'actualKg', true)).toEqual({ by: 'actualKg', dir: 'desc' });
    expect(nextSort({ by: 'actualKg', dir: 'desc' }, 'actualKg', true)).toEqual({ by: 'actualKg', dir: 'asc' });
    expect(nextSort({ by: 'actualKg', dir: 'desc' }, 'name', false)).toEqual({ by: 'name', dir: 'asc' });
  });

  it('cuts pages, clamping a page past the end', () => {
    const rows = Array.from({ length: 60 }, (_, i) => i);
    expect(pageCount(60)).toBe(3);
    expect(pageCount(0)).toBe(1);
    expect(pageOf(rows, 3)).toEqual(rows.slice(50));
    expect(pageOf(rows, 9)).toEqual(rows.slice(50));
  });
});
