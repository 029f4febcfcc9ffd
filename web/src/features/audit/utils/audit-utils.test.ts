import { describe, expect, it } from 'vitest';
import { apiFilters, readFilters, writeFilters } from './filters';
import { auditPaths } from './paths';
import { changeKind, shortId, statusMove, valueText } from './values';

describe('the audit trail filters', () => {
  it('reads the URL (all lines, no filter and page 1 by default; an instant or nothing)', () => {
    expect(readFilters(new URLSearchParams(''))).toEqual({ lineId: 'ALL', from: null, to: null, user: '', entity: '', action: '', entityId: '', page: 1 });
    expect(readFilters(new URLSearchParams('lineId=L1&from=bad&to=2026-11-26T00:00:00Z&user=a%40b.c&entity=lot&action=status&entityId=M-1&page=4'))).toEqual({
      lineId: 'L1',
      from: null,
      to: '2026-11-26T00:00:00Z',
      user: 'a@b.c',
      entity: 'lot',
      action: 'status',
      entityId: 'M-1',
      page: 4,
    });
  });

  it('writes a change back to page 1, leaving out all lines and emptied filters', () => {
    const p = new URLSearchParams('lineId=L1&user=a%40b.c&page=3');
    expect(writeFilters(p, { entity: 'lot' }).toString()).toBe('lineId=L1&user=a%40b.c&entity=lot');
    expect(writeFilters(p, { lineId: 'ALL', user: '' }).toString()).toBe('');
    expect(writeFilters(p, { page: 2 }).toString()).toBe('lineId=L1&user=a%40b.c&page=2');
  });

  it('sends only the filters given, the record id trimmed', () => {
    const range = { from: '2026-11-20T00:00:00Z', to: '2026-11-27T00:00:00Z' };
    expect(apiFilters(readFilters(new URLSearchParams('')), range)).toEqual({ fromDateTime: range.from, toDateTime: range.to });
    expect(apiFilters(readFilters(new URLSearchParams('lineId=L2&action=created&entityId=%20R1%20')), range)).toEqual({
      fromDateTime: range.from,
      toDateTime: range.to,
      lineId: 'L2',
      action: 'created',
      entityId: 'R1',
    });
  });

  it('carries the list’s query into an entry’s address', () => {
    expect(auditPaths.entry(4711)).toBe('/audit/4711');
    expect(auditPaths.entry(4711, 'user=a%40b.c')).toBe('/audit/4711?user=a%40b.c');
    expect(auditPaths.entry('7', '?page=2')).toBe('/audit/7?page=2');
  });
});

describe('the audit trail values', () => {
  it('tells added, removed and changed values apart (a value changed to or from null is a change)', () => {
    expect(changeKind({ path: 'a', new: 1 })).toBe('added');
    expect(changeKind({ path: 'a', old: 1 })).toBe('removed');
    expect(changeKind({ path: 'a', old: null, new: 1 })).toBe('changed');
  });

  it('reads values, ids and status moves', () => {
    expect(valueText('Maize')).toBe('Maize');
    expect(valueText('')).toBe('""');
    expect(valueText(null)).toBe('null');
    expect(valueText({ a: [1, true] })).toBe('{"a":[1,true]}');
    expect(shortId('M-2211')).toBe('M-2211');
    expect(shortId('0193a4b2-0000-7000-8000-00000000e001')).toBe('0193a4b2…');
    expect(statusMove({ from: 'RELEASED', to: 'BLOCKED', reason: 'x' })).toEqual({ from: 'RELEASED', to: 'BLOCKED' });
    expect(statusMove({ reason: 'x' })).toBeNull();
    expect(statusMove(null)).toBeNull();
  });
});
