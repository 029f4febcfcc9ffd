import { describe, expect, it } from 'vitest';
import { align, valueAt } from './diag-align';
import { diagPaths, specificRoute } from './diag-paths';
import { readSelection, toggled, tokenOf, writeSelection } from './diag-select';
import { plantFormat } from '@/lib/plant-time';
import { timeAxis } from './diag-time';
import { bucketParts, sensorStats } from './pcs-series';

describe('diagnostics utilities', () => {
  it('reads curves of different moments at common instants, none outside a curve', () => {
    expect(valueAt([[0, 10], [2, 20]], 1)).toBe(15);
    expect(valueAt([[1, 10], [2, 20]], 0.5)).toBeNull();
    const a = align([[[0, 0], [10, 10]], [[0, 5], [5, 5]]], 3);
    expect(a.seconds).toEqual([0, 5, 10]);
    expect(a.values).toEqual([[0, 5, 10], [5, 5, null]]);
  });

  it('keeps the choice in the address: at most ten, the reference moving to the first left', () => {
    let sel = readSelection(new URLSearchParams('batchIds=A,B,A&goldenBatchId=Z'));
    expect(sel).toEqual({ ids: ['A', 'B'], golden: 'A' });
    sel = toggled({ ...sel, golden: 'B' }, 'B');
    expect(sel).toEqual({ ids: ['A'], golden: 'A' });
    const full = { ids: Array.from({ length: 10 }, (_, i) => `B${i}`), golden: 'B0' };
    expect(toggled(full, 'X')).toBe(full);
    expect(writeSelection(new URLSearchParams('page=2'), { ids: ['A', 'B'], golden: 'B' }).toString()).toBe('page=2&batchIds=A%2CB&goldenBatchId=B');
    expect(writeSelection(new URLSearchParams('batchIds=A&goldenBatchId=A'), { ids: [], golden: '' }).toString()).toBe('');
    // A number two lines listed is named with its line.
    expect(tokenOf({ lineId: 'L1', batchId: 'A' }, [{ lineId: 'L2', batchId: 'A' }])).toBe('L1:A');
    expect(tokenOf({ lineId: 'L1', batchId: 'A' }, [{ lineId: 'L1', batchId: 'A' }])).toBe('A');
  });

  it('builds and reads the specific view address, 0 and NONE dropping a filter', () => {
    const path = diagPaths.specific({ lineId: 'L1', batchId: 'B 1', recipeId: null, productionScheduleId: undefined }, '2026-11-23T06:00:00.000Z', '2026-11-23T14:00:00.000Z');
    expect(path).toBe('/reporting/diagnostics/specificview/L1/0/B%201/0/2026-11-23T06%3A00%3A00.000Z/2026-11-23T14%3A00%3A00.000Z');
    expect(specificRoute({ lineId: 'ALL', recipeId: 'NONE', batchId: 'B1', productionScheduleId: '0', fromDate: '2026-11-23T06:00:00Z', toDate: 'soon' })).toEqual({
      lineId: '',
      recipeId: '',
      batchId: 'B1',
      productionScheduleId: '',
      from: '2026-11-23T06:00:00Z',
      to: null,
    });
  });

  it('sums a pressure series up and names its bucket', () => {
    const s = sensorStats({ lineId: 'L1', sensor: 'P', points: [[0, 2, 1, 3], [1, 4, 2, 5]], setpoint: [[0, 2.5], [1, 2.5]] });
    expect(s).toMatchObject({ buckets: 2, meanBar: 3, minBar: 1, maxBar: 5, setpointBar: 2.5, lineName: 'L1' });
    expect(bucketParts(10)).toEqual({ n: 10, unit: 'second' });
    expect(bucketParts(300)).toEqual({ n: 5, unit: 'minute' });
    expect(bucketParts(7200)).toEqual({ n: 2, unit: 'hour' });
    expect(bucketParts(172_800)).toEqual({ n: 2, unit: 'day' });
  });

  it('names a short trend’s instants to the second, a long one’s with the day, in plant time', () => {
    const plant = plantFormat('en', 'Europe/Amsterdam');
    const t0 = Date.parse('2026-11-23T07:00:05Z');
    expect(timeAxis(plant, [t0, t0 + 60_000]).label(t0)).toBe('08:00:05');
    expect(timeAxis(plant, [t0, t0 + 86_400_000]).label(t0)).toBe('Nov 23, 08:00');
    expect(timeAxis(plantFormat('de', 'UTC'), [t0, t0 + 86_400_000]).label(t0)).toBe('23. Nov., 07:00');
    expect(timeAxis(plant, [t0]).span).toEqual([t0 - 1800_000, t0 + 1800_000]);
    expect(timeAxis(plant, [t0]).zone).toBe('Europe/Amsterdam');
  });
});
