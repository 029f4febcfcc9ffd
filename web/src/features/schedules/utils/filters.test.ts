import { describe, expect, it } from 'vitest';
import { GROWER_V2, LEVELS, MEDSTART_V1, TRIAL_ONLY } from '../testing/fixtures';
import { backwards, readFilters, writeFilters } from './filters';
import { schedulePaths } from './paths';
import { productionVersions } from './recipes';

describe('the list filters in the URL', () => {
  it('reads a line (ALL when none), known statuses and valid instants', () => {
    expect(readFilters(new URLSearchParams(''))).toEqual({ lineId: 'ALL', statuses: [], from: null, to: null });
    expect(readFilters(new URLSearchParams('lineId=L2&status=RUNNING,BOGUS,ON_HOLD&from=2026-11-23T06:00:00Z&to=never'))).toEqual({
      lineId: 'L2',
      statuses: ['RUNNING', 'ON_HOLD'],
      from: '2026-11-23T06:00:00Z',
      to: null,
    });
  });

  it('writes changes, leaving out ALL, no statuses and a cleared range', () => {
    const p = writeFilters(new URLSearchParams('lineId=L1&from=x'), { lineId: 'ALL', statuses: ['PLANNED', 'RELEASED'], from: null, to: '2026-11-24T06:00:00Z' });
    expect(p.toString()).toBe('status=PLANNED%2CRELEASED&to=2026-11-24T06%3A00%3A00Z');
    expect(writeFilters(p, { statuses: [] }).has('status')).toBe(false);
  });

  it('knows a backwards range', () => {
    expect(backwards('2026-11-24T00:00:00Z', '2026-11-23T00:00:00Z')).toBe(true);
    expect(backwards('2026-11-23T00:00:00Z', '2026-11-23T00:00:00Z')).toBe(false);
    expect(backwards(null, '2026-11-23T00:00:00Z')).toBe(false);
  });

  it('builds the screens’ addresses', () => {
    expect(schedulePaths.list('ALL')).toBe('/scheduling/productionschedules');
    expect(schedulePaths.add('L2')).toBe('/scheduling/productionschedules/new?lineId=L2');
    expect(schedulePaths.view('a/b')).toBe('/scheduling/productionschedules/view/a%2Fb');
  });
});

describe('the recipes an order can run', () => {
  it('keeps the versions holding the production level, by code', () => {
    expect(productionVersions([MEDSTART_V1, TRIAL_ONLY, GROWER_V2], LEVELS).map((v) => v.code)).toEqual(['GROWER', 'MEDSTART']);
    expect(productionVersions([GROWER_V2], [])).toEqual([]);
  });
});
