import { describe, expect, it } from 'vitest';
import { addDays, defaultRange, formatDay, writableDays } from './dates';
import { readFilters, writeFilters } from './filters';
import { draftsOf, inputsOf, itemErrors, sameItems } from './open-items';

describe('the shift log days', () => {
  it('defaults to today and the six days before, days of the plant (a day of 25 hours included)', () => {
    // 23:30 UTC on 28 Oct 2026 is already the 29th in Amsterdam; the 25th had 25 hours there.
    const r = defaultRange(new Date('2026-10-28T23:30:00Z'), 'Europe/Amsterdam');
    expect(r).toEqual({ from: '2026-10-22T22:00:00.000Z', to: '2026-10-29T23:00:00.000Z' });
  });

  it('offers today and the days back, in the plant’s calendar', () => {
    expect(writableDays(new Date('2026-03-01T23:30:00Z'), 'Europe/Amsterdam', 2)).toEqual(['2026-03-02', '2026-03-01', '2026-02-28']);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('reads a shift’s date in the user’s language, whatever the browser’s zone', () => {
    expect(formatDay('2026-11-25', 'en')).toBe('Wed, Nov 25, 2026');
    expect(formatDay('2026-11-25', 'de')).toBe('Mi., 25. Nov. 2026');
    expect(formatDay('not a date', 'en')).toBe('not a date');
  });
});

describe('the shift log filters', () => {
  it('reads the URL, leaving out all lines, no words and page 1; a new filter goes back to page 1', () => {
    expect(readFilters(new URLSearchParams('lineId=L1&q=seal&page=3&from=bad'))).toEqual({ lineId: 'L1', from: null, to: null, search: 'seal', page: 3 });
    expect(readFilters(new URLSearchParams(''))).toEqual({ lineId: 'ALL', from: null, to: null, search: '', page: 1 });
    const next = writeFilters(new URLSearchParams('lineId=L1&page=3'), { search: 'door seal' });
    expect(next.toString()).toBe('lineId=L1&q=door+seal');
    expect(writeFilters(next, { lineId: 'ALL', search: '' }).toString()).toBe('');
    expect(writeFilters(next, { page: 2 }).toString()).toBe('lineId=L1&q=door+seal&page=2');
  });
});

describe('the open items as edited', () => {
  const items = [
    { id: 'I1', text: 'Order a door seal', done: false, carriedFrom: 'E0' },
    { id: 'I2', text: 'Check the sensor', done: true },
  ];

  it('sends the kept items by id and a new one without', () => {
    const drafts = [...draftsOf(items), { key: 'new-1', id: null, text: 'Grease', done: false, carriedFrom: null }];
    expect(inputsOf(drafts)).toEqual([
      { id: 'I1', text: 'Order a door seal', done: false },
      { id: 'I2', text: 'Check the sensor', done: true },
      { text: 'Grease', done: false },
    ]);
    expect(sameItems(draftsOf(items), items)).toBe(true);
    expect(sameItems(drafts, items)).toBe(false);
    expect(sameItems([{ ...draftsOf(items)[0], done: true }, draftsOf(items)[1]], items)).toBe(false);
  });

  it("finds the server's errors by the item's position", () => {
    expect(itemErrors({ 'openItems[3].text': 'Required', notes: 'x' })).toEqual({ byIndex: { 3: 'Required' }, list: undefined });
    expect(itemErrors({ openItems: 'At most 100 open items' })).toEqual({ byIndex: {}, list: 'At most 100 open items' });
  });
});
