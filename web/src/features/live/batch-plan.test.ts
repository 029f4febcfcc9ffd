import { describe, expect, it } from 'vitest';
import { batchPhase, ingredientRows, type ControlRecipe } from './batch-plan';
import type { DiagnosticsSnapshot, WeighingSample } from '@/lib/live/protocol';

const planned = (sequence: number, materialCode: string, setpointKg: number) => ({
  sequence,
  materialCode,
  materialName: `${materialCode} name`,
  scaleCode: 'SC-1',
  setpointKg,
  toleranceKg: setpointKg / 100,
});

const recipe = {
  recipeCode: 'GROWER',
  recipeName: 'Grower',
  recipeVersion: 3,
  medicationClass: 'NONE',
  batchSizeKg: 2000,
  weighings: [planned(1, 'MAIZE', 1400), planned(2, 'SOY', 500), planned(1, 'PREMIX', 100)],
  mixing: [
    { sequence: 1, actionCode: 'DRY_MIX', durationS: 60, parameters: [] },
    { sequence: 2, actionCode: 'WET_MIX', durationS: 30, parameters: [] },
  ],
  miscellaneous: [],
} as unknown as ControlRecipe;

const weighed = (id: string, materialId: string, setpointKg: number, actualKg: number, inTolerance = true) =>
  ({ id, time: '2026-11-26T10:00:00Z', batchId: 'B1', scaleId: 'SC-1', materialId, setpointKg, actualKg, deviationKg: actualKg - setpointKg, toleranceKg: setpointKg / 100, inTolerance, durationS: 20, inflightKg: 1 }) as WeighingSample;

const view = (over: Partial<DiagnosticsSnapshot> = {}): DiagnosticsSnapshot => ({
  lineId: 'L',
  batch: { batchId: 'B1', recipeId: 'R', targetKg: 2000, dosedKg: 0, startedAt: '2026-11-26T10:00:00Z' },
  weighings: [],
  mixing: [],
  dosing: null,
  series: {},
  pressure: null,
  alarms: [],
  ...over,
});

const mixed = (id: string) => ({ id, time: '2026-11-26T10:05:00Z', batchId: 'B1', mixingActionId: 'DRY_MIX', plannedS: 60, actualS: 61, energyKwh: 1, peakPowerKw: 40 });

describe('the running batch against its plan', () => {
  it('lists every planned ingredient in order: weighed, on the scale, waiting', () => {
    const v = view({ weighings: [weighed('w1', 'MAIZE', 1400, 1430, false)], dosing: { materialId: 'SOY', setpointKg: 500, actualKg: 212.5 } });
    const rows = ingredientRows(v, recipe);
    expect(rows.map((r) => [r.code, r.state, r.actualKg])).toEqual([
      ['MAIZE', 'OUT_OF_TOLERANCE', 1430],
      ['SOY', 'DOSING', 212.5],
      ['PREMIX', 'WAITING', null],
    ]);
    expect(rows[2]).toMatchObject({ material: 'PREMIX name', setpointKg: 100, toleranceKg: 1, scale: 'SC-1' });
    expect(batchPhase(v, recipe)).toBe('DOSING');
  });

  it('is dosing between two doses, mixing once all are weighed, discharging after the last mixing step', () => {
    const two = [weighed('w1', 'MAIZE', 1400, 1401), weighed('w2', 'SOY', 500, 499)];
    expect(batchPhase(view({ weighings: two }), recipe)).toBe('DOSING');
    const all = [...two, weighed('w3', 'PREMIX', 100, 100.2)];
    expect(batchPhase(view({ weighings: all }), recipe)).toBe('MIXING');
    expect(batchPhase(view({ weighings: all, mixing: [mixed('m1')] }), recipe)).toBe('MIXING');
    expect(batchPhase(view({ weighings: all, mixing: [mixed('m1'), mixed('m2')] }), recipe)).toBe('DISCHARGE');
    expect(batchPhase(view({ batch: null }), recipe)).toBeNull();
    expect(ingredientRows(view({ batch: null, weighings: all }), recipe)).toEqual([]);
  });

  it('without a plan, lists what the line reports and knows only a dose under way', () => {
    const v = view({ weighings: [weighed('w1', 'MAIZE', 1400, 1401)] });
    expect(ingredientRows(v, null).map((r) => [r.code, r.state])).toEqual([['MAIZE', 'IN_TOLERANCE']]);
    expect(batchPhase(v, null)).toBeNull();
    const dosing = view({ dosing: { materialId: 'SOY', setpointKg: 500, actualKg: 3 } });
    expect(ingredientRows(dosing, null).map((r) => [r.code, r.state])).toEqual([['SOY', 'DOSING']]);
    expect(batchPhase(dosing, null)).toBe('DOSING');
  });

  it('shows a dose the plan does not hold after the planned ones', () => {
    const v = view({ weighings: [weighed('w1', 'EXTRA', 5, 5)] });
    expect(ingredientRows(v, recipe).map((r) => [r.code, r.state])).toEqual([
      ['MAIZE', 'WAITING'],
      ['SOY', 'WAITING'],
      ['PREMIX', 'WAITING'],
      ['EXTRA', 'IN_TOLERANCE'],
    ]);
  });
});
