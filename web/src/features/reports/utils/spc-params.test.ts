import { describe, expect, it } from 'vitest';
import { SET } from '../testing/spc-fixtures';
import { baselineOf, chartParams, fromSet, matchesSet, parseRules, rulesValue, spcFilters, toSet } from './spc-params';

const FROM = '2026-11-23T06:00:00.000Z';
const TO = '2026-11-23T14:00:00.000Z';
const values = (more: Record<string, string> = {}) => ({ ...spcFilters('batch'), lineId: 'L1', fromDateTime: FROM, toDateTime: TO, materialId: 'CORN', ...more });

describe('the SPC filters', () => {
  it('reads and writes rule lists in the canonical order, known rules only', () => {
    expect(parseRules('n1, we2,XX,WE1')).toEqual(['WE1', 'WE2', 'N1']);
    expect(rulesValue(['N8', 'WE4'])).toBe('WE4,N8');
    expect(rulesValue([])).toBe('');
  });

  it('asks nothing for every line or without a subject, and NONE for no rule', () => {
    expect(chartParams({}, values({ lineId: 'ALL' }), undefined)).toBeNull();
    expect(chartParams({}, values({ materialId: '' }), undefined)).toBeNull();
    expect(chartParams({ lineId: 'L1', materialId: 'CORN', subgroup: '5' }, values({ rules: '' }), undefined)).toEqual({ lineId: 'L1', materialId: 'CORN', rules: 'NONE' });
  });

  it('sends a set’s id only while the controls say what the set says', () => {
    const loaded = values({ ...fromSet(SET), setId: 'S1' });
    expect(matchesSet(loaded, SET)).toBe(true);
    expect(chartParams({ setId: 'S1' }, loaded, SET)).toMatchObject({ setId: 'S1', rules: 'WE1' });
    const changed = { ...loaded, rules: 'WE1,WE2' };
    expect(matchesSet(changed, SET)).toBe(false);
    expect(chartParams({ setId: 'S1' }, changed, SET)).not.toHaveProperty('setId');
  });

  it('takes the api’s default baseline when none is chosen, and saves it with the set', () => {
    expect(baselineOf(values())).toEqual({ from: '2026-11-22T22:00:00.000Z', to: FROM });
    expect(baselineOf(values({ baselineFrom: '2026-11-20T00:00:00.000Z' }))).toEqual({ from: '2026-11-20T00:00:00.000Z', to: '2026-11-20T08:00:00.000Z' });
    expect(toSet('batch', values({ chart: 'XBAR_R', subgroup: '4' }), ' Maize ', true)).toMatchObject({
      lineId: 'L1',
      name: 'Maize',
      subject: 'DOSING_ERROR',
      materialCode: 'CORN',
      chart: 'XBAR_R',
      subgroup: 4,
      baselineFrom: '2026-11-22T22:00:00.000Z',
      baselineTo: FROM,
      rules: ['WE1', 'WE2', 'WE3', 'WE4'],
      live: true,
    });
    expect(toSet('consumption', values(), 'Per day', true)).toMatchObject({ subject: 'CONSUMPTION', live: false, subgroup: null });
  });
});
