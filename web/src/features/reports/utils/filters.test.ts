import { describe, expect, it } from 'vitest';
import { apiParams, backwards, readValues, seedsOf, writeValues } from './filters';

const KEYS = ['lineId', 'fromDateTime', 'toDateTime', 'shiftId', 'groupBy'];
const DEFAULTS = { lineId: 'ALL', groupBy: 'material' };
const FROM = '2026-11-23T06:00:00.000Z';
const TO = '2026-11-23T14:00:00.000Z';

describe('report filters in the URL', () => {
  it('reads what it wrote, leaving defaults out of the address', () => {
    const url = writeValues(new URLSearchParams(), { lineId: 'L1', fromDateTime: FROM, toDateTime: TO, shiftId: 'S1', groupBy: 'day' }, {}, DEFAULTS);
    expect(url.toString()).toBe(`lineId=L1&fromDateTime=${encodeURIComponent(FROM)}&toDateTime=${encodeURIComponent(TO)}&shiftId=S1&groupBy=day`);
    expect(readValues(url, KEYS, {}, DEFAULTS)).toEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO, shiftId: 'S1', groupBy: 'day' });

    const back = writeValues(url, { lineId: 'ALL', shiftId: '', groupBy: 'material' }, {}, DEFAULTS);
    expect([...back.keys()]).toEqual(['fromDateTime', 'toDateTime']);
    expect(readValues(back, KEYS, {}, DEFAULTS)).toEqual({ lineId: 'ALL', fromDateTime: FROM, toDateTime: TO, shiftId: '', groupBy: 'material' });
  });

  it('takes a drill-down route’s parameters as seeds the URL can override', () => {
    const seeds = seedsOf({ lineid: 'L2', materialcategoryid: 'C1', fromdatetime: FROM, todatetime: TO });
    expect(seeds).toEqual({ lineId: 'L2', materialCategoryId: 'C1', fromDateTime: FROM, toDateTime: TO });
    const keys = [...KEYS, 'materialCategoryId'];
    expect(readValues(new URLSearchParams(), keys, seeds, DEFAULTS)).toMatchObject({ lineId: 'L2', materialCategoryId: 'C1', groupBy: 'material' });
    // Every line over a seeded line, and a cleared seed, must be written to win over the seed.
    const url = writeValues(new URLSearchParams(), { lineId: 'ALL', materialCategoryId: '' }, seeds, DEFAULTS);
    expect(url.toString()).toBe('lineId=ALL&materialCategoryId=NONE');
    expect(readValues(url, keys, seeds, DEFAULTS)).toMatchObject({ lineId: 'ALL', materialCategoryId: '' });
    // Back to the seed's own value: nothing to write.
    expect(writeValues(url, { lineId: 'L2' }, seeds, DEFAULTS).get('lineId')).toBeNull();
  });

  it('sends every table back to its first page when a filter changes, not when a page does', () => {
    const url = new URLSearchParams('page=3&shifts.page=2&sort=actualKg:desc');
    expect(writeValues(url, { 'shifts.page': '4' }, {}, DEFAULTS).toString()).toBe('page=3&shifts.page=4&sort=actualKg%3Adesc');
    expect(writeValues(url, { lineId: 'L1' }, {}, DEFAULTS).toString()).toBe('sort=actualKg%3Adesc&lineId=L1');
  });

  it('ignores a range end that is not an instant', () => {
    const url = new URLSearchParams('fromDateTime=yesterday&toDateTime=2026-11-23T14:00:00Z');
    expect(readValues(url, KEYS, {}, DEFAULTS)).toMatchObject({ fromDateTime: '', toDateTime: '2026-11-23T14:00:00Z' });
  });

  it('asks the api without empty filters and without the line ALL (§7)', () => {
    expect(apiParams({ lineId: 'ALL', fromDateTime: FROM, toDateTime: TO, shiftId: '', groupBy: 'day' })).toEqual({ fromDateTime: FROM, toDateTime: TO, groupBy: 'day' });
    expect(apiParams({ lineId: 'L1' })).toEqual({ lineId: 'L1' });
  });

  it('knows a range that runs backwards or is empty', () => {
    expect(backwards(TO, FROM)).toBe(true);
    expect(backwards(FROM, FROM)).toBe(true);
    expect(backwards(FROM, TO)).toBe(false);
    expect(backwards('', TO)).toBe(false);
  });
});
