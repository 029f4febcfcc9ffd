import { describe, expect, it } from 'vitest';
import { convert, setpointKg, toleranceKg, totals, withSetpointUnit, withToleranceUnit } from './amounts';
import { emptyWeighing, type WeighingRow } from './draft';

const item = (over: Partial<WeighingRow>): WeighingRow => ({ ...emptyWeighing(), ...over });

describe('setpoints and tolerances in kg and percent', () => {
  it('takes a percent setpoint of the batch and a percent tolerance of the setpoint', () => {
    const w = item({ setpoint: 10, setpointUnit: 'PERCENT', tolerance: 1, toleranceUnit: 'PERCENT' });
    expect(setpointKg(w, 3000)).toBe(300);
    expect(toleranceKg(w, 3000)).toBe(3);
    expect(setpointKg(item({ setpoint: 12.5 }), 3000)).toBe(12.5);
  });

  it('cannot know a percent setpoint without a batch size, nor an empty one', () => {
    expect(setpointKg(item({ setpoint: 10, setpointUnit: 'PERCENT' }), '')).toBeNull();
    expect(setpointKg(item({ setpoint: '' }), 1000)).toBeNull();
    expect(toleranceKg(item({ setpoint: '', tolerance: 2, toleranceUnit: 'PERCENT' }), 1000)).toBeNull();
  });

  it('reads half-typed numbers as they stand', () => {
    expect(setpointKg(item({ setpoint: '12.' }), 1000)).toBe(12);
    expect(setpointKg(item({ setpoint: '-' }), 1000)).toBeNull();
  });

  it('keeps the quantity when the unit switches', () => {
    expect(convert(600, 'KG', 'PERCENT', 1000)).toBe(60);
    expect(convert(60, 'PERCENT', 'KG', 1000)).toBe(600);
    expect(convert(1, 'KG', 'PERCENT', 3000)).toBe(0.0333);
    expect(convert('', 'KG', 'PERCENT', 1000)).toBe('');
    expect(convert(5, 'KG', 'PERCENT', null)).toBe(5);

    const w = item({ setpoint: 400, tolerance: 2 });
    const pct = withSetpointUnit(w, 'PERCENT', 2000);
    expect([pct.setpoint, pct.setpointUnit]).toEqual([20, 'PERCENT']);
    const tol = withToleranceUnit(pct, 'PERCENT', 2000);
    expect([tol.tolerance, tol.toleranceUnit]).toEqual([0.5, 'PERCENT']);
    expect(withToleranceUnit(tol, 'KG', 2000).tolerance).toBe(2);
  });

  it('sums the setpoints per scale and against the batch, counting the items still without one', () => {
    const sums = totals({
      batchSizeKg: 1000,
      scales: [
        { scaleId: 'S1', items: [item({ setpoint: 600 }), item({ setpoint: 39, setpointUnit: 'PERCENT' })] },
        { scaleId: 'S2', items: [item({ setpoint: 10 }), item({ setpoint: '' })] },
      ],
    });
    expect(sums.perScale).toEqual([
      { scaleId: 'S1', kg: 990 },
      { scaleId: 'S2', kg: 10 },
    ]);
    expect([sums.totalKg, sums.remainingKg, sums.percent, sums.incomplete]).toEqual([1000, 0, 100, 1]);
  });

  it('says how far a total is over the batch, and gives no remainder without a batch size', () => {
    expect(totals({ batchSizeKg: 500, scales: [{ scaleId: 'S1', items: [item({ setpoint: 520.25 })] }] }).remainingKg).toBe(-20.25);
    const none = totals({ batchSizeKg: '', scales: [{ scaleId: 'S1', items: [item({ setpoint: 5 })] }] });
    expect([none.totalKg, none.remainingKg, none.percent]).toEqual([5, null, null]);
  });
});
