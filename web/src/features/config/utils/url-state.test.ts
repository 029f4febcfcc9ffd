import { describe, expect, it } from 'vitest';
import { readListState, toggleSort, viewRows, writeListState, type ListState } from './url-state';

const p = (s: string) => new URLSearchParams(s);

describe('list state in the URL', () => {
  it('reads search, sort, page, line and filters', () => {
    const state = readListState(p('search=mai&sort=capacityKg&dir=desc&page=3&lineId=L1&type=MAJOR&other=x'), ['capacityKg'], ['type']);
    expect(state).toEqual({ search: 'mai', sort: 'capacityKg', dir: 'desc', page: 3, lineId: 'L1', filters: { type: 'MAJOR' } });
  });

  it('falls back to defaults on missing or bad values', () => {
    expect(readListState(p('sort=password&dir=sideways&page=-2'), ['code'])).toEqual({
      search: '',
      sort: null,
      dir: 'asc',
      page: 1,
      lineId: null,
      filters: {},
    });
    expect(readListState(p('page=abc')).page).toBe(1);
  });

  it('starts again at page one on any change but the page, and leaves defaults out', () => {
    const base = p('lineId=L1&page=4&sort=code');
    expect(writeListState(base, { search: 'x' }).toString()).toBe('lineId=L1&sort=code&search=x');
    expect(writeListState(base, { page: 5 }).get('page')).toBe('5');
    expect(writeListState(base, { page: 1 }).has('page')).toBe(false);
    expect(writeListState(base, { sort: 'name', dir: 'desc' }).toString()).toBe('lineId=L1&sort=name&dir=desc');
    expect(writeListState(p('sort=name&dir=desc'), { sort: 'name', dir: 'asc' }).toString()).toBe('sort=name');
    expect(writeListState(p('search=a&type=MAJOR'), { search: '  ', filters: { type: '' } }).toString()).toBe('');
    expect(writeListState(p('lineId=L1'), { lineId: 'L2' }).get('lineId')).toBe('L2');
  });

  it('round-trips through the query string', () => {
    const state = { search: 'bin 4', sort: 'name', dir: 'desc' as const, page: 2, lineId: 'L9', filters: { scaleId: 'S1' } };
    expect(readListState(writeListState(p(''), state), ['name'], ['scaleId'])).toEqual(state);
  });

  it('sorts a new column ascending and flips the sorted one', () => {
    expect(toggleSort({ sort: null, dir: 'asc' }, 'code')).toEqual({ sort: 'code', dir: 'asc' });
    expect(toggleSort({ sort: 'code', dir: 'asc' }, 'code')).toEqual({ sort: 'code', dir: 'desc' });
    expect(toggleSort({ sort: 'code', dir: 'desc' }, 'code')).toEqual({ sort: 'code', dir: 'asc' });
    expect(toggleSort({ sort: 'code', dir: 'desc' }, 'name')).toEqual({ sort: 'name', dir: 'asc' });
  });
});

describe('search, sort and paging of rows', () => {
  const rows = [
    { code: 'B10', cap: 500 },
    { code: 'b2', cap: null },
    { code: 'A1', cap: 1500 },
    { code: 'C3', cap: 20 },
  ];
  const texts = (r: (typeof rows)[number]) => [r.code, r.cap === null ? '' : String(r.cap)];
  const value = (r: (typeof rows)[number], field: string) => (field === 'cap' ? r.cap : r.code);
  const state: Pick<ListState, 'search' | 'sort' | 'dir' | 'page'> = { search: '', sort: null, dir: 'asc', page: 1 };

  it('matches any shown text, ignoring case', () => {
    expect(viewRows(rows, { ...state, search: 'B' }, texts, value).rows.map((r) => r.code)).toEqual(['B10', 'b2']);
    expect(viewRows(rows, { ...state, search: '150' }, texts, value).rows.map((r) => r.code)).toEqual(['A1']);
  });

  it('sorts numbers by size, texts naturally, empty cells last both ways', () => {
    const codes = (s: Pick<ListState, 'sort' | 'dir'>) =>
      viewRows(rows, { ...state, ...s }, texts, value).rows.map((r) => r.code);
    expect(codes({ sort: 'cap', dir: 'asc' })).toEqual(['C3', 'B10', 'A1', 'b2']);
    expect(codes({ sort: 'cap', dir: 'desc' })).toEqual(['A1', 'B10', 'C3', 'b2']);
    expect(codes({ sort: 'code', dir: 'asc' })).toEqual(['A1', 'b2', 'B10', 'C3']);
  });

  it('pages and clamps the page to the last one', () => {
    const many = Array.from({ length: 45 }, (_, i) => ({ code: `X${i}`, cap: i }));
    const view = viewRows(many, { ...state, page: 9 }, texts, value, 'en', 20);
    expect(view).toMatchObject({ total: 45, pages: 3, page: 3 });
    expect(view.rows).toHaveLength(5);
    expect(viewRows([], state, texts, value)).toMatchObject({ total: 0, pages: 1, page: 1, rows: [] });
  });
});
