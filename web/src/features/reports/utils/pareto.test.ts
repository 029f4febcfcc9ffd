import { describe, expect, it } from 'vitest';
import { PARETO } from '../testing/others-fixtures';
import { paretoSeries, reasonLabel } from './pareto';

describe('the Pareto chart', () => {
  it('draws the reasons in the api’s order, a bar of downtime each and the cumulative share as a line', () => {
    expect(paretoSeries(PARETO)).toEqual({
      labels: ['Unqualified', 'SR-CLEAN · Cleaning', 'SR-BLOCKAGE · Conveyor blocked'],
      durations: [3725, 600, 30],
      // A sum of shares may pass 100 by a rounding error: the right axis ends at 100.
      cumulative: [85.6, 99.4, 100],
    });
  });

  it('draws the longest reasons only, their cumulative share as the api counted it', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ key: `R${i}`, code: `R${i}`, name: `Reason ${i}`, stops: 1, durationS: 30 - i, sharePct: 1, cumulativePct: i + 1 }));
    const series = paretoSeries(many, 20);
    expect(series.labels).toHaveLength(20);
    expect(series.cumulative.at(-1)).toBe(20);
    expect(series.durations[0]).toBe(30);
  });

  it('names a reason by its code and name, once when the line reported a code no reason has', () => {
    expect(reasonLabel({ code: 'SR-X', name: 'SR-X' })).toBe('SR-X');
    expect(reasonLabel({ code: null, name: 'Unqualified' })).toBe('Unqualified');
    expect(reasonLabel({ code: 'SR-CLEAN', name: 'Cleaning' })).toBe('SR-CLEAN · Cleaning');
  });
});
