import { describe, expect, it } from 'vitest';
import type { Comparison } from '../api/recipes-api';
import { diffSections, type DiffText } from './diff-format';

const text: DiffText = {
  field: (f) => ({ setpoint: 'Setpoint', batchSizeKg: 'Batch size', toleranceUnit: 'Tolerance unit', tolerance: 'Tolerance', parameters: 'Parameters', value: 'Value' })[f] ?? f,
  record: (id) => ({ 'M-CORN': 'CORN · Corn' })[id],
  number: (n) => String(n),
  yesNo: (b) => (b ? 'yes' : 'no'),
  medicationClass: (c) => c,
  weighingItem: (m, s) => `${m} on ${s}`,
  mixingStep: (n, a) => `Step ${n}: ${a}`,
};

const json = (v: unknown) => v as Record<string, unknown>;

const comparison: Comparison = {
  from: { _id: 'V1', version: 1 },
  to: { _id: 'V2', version: 2 },
  labels: { S1: 'S-MAJOR', 'M-CORN': 'CORN', 'M-SOY': 'SOY', 'A-DRY': 'DRY_MIX', 'P-SPEED': 'SPEED', 'P-COND': 'COND_TEMP' },
  diff: {
    header: [{ field: 'batchSizeKg', old: json(1000), new: json(1200) }],
    weighingItems: [
      {
        change: 'CHANGED',
        key: 'S1/M-CORN',
        old: json({ scaleId: 'S1', materialId: 'M-CORN', setpoint: 600 }),
        new: json({ scaleId: 'S1', materialId: 'M-CORN', setpoint: 550 }),
        fields: [
          { field: 'setpoint', old: json(600), new: json(550) },
          { field: 'toleranceUnit', old: json('KG'), new: json('PERCENT') },
        ],
      },
      { change: 'REMOVED', key: 'S1/M-SOY', old: json({ scaleId: 'S1', materialId: 'M-SOY', setpoint: 390, setpointUnit: 'KG' }), new: null, fields: [] },
    ],
    mixingItems: [
      {
        change: 'CHANGED',
        key: '1',
        old: json({ mixingActionId: 'A-DRY' }),
        new: json({ mixingActionId: 'A-DRY' }),
        fields: [{ field: 'parameters', old: json([{ parameterId: 'P-SPEED', value: 40 }]), new: json([{ parameterId: 'P-SPEED', value: 45 }]) }],
      },
    ],
    miscellaneousItems: [{ change: 'ADDED', key: 'P-COND', old: null, new: json({ miscellaneousParameterId: 'P-COND', value: 82 }), fields: [] }],
  },
};

describe('a comparison as lines to read', () => {
  it('names items by material and scale, step or parameter, values old → new, ids as codes', () => {
    const sections = diffSections(comparison, text);
    expect(sections.map((s) => s.id)).toEqual(['header', 'weighingItems', 'mixingItems', 'miscellaneousItems']);
    expect(sections[0].lines[0].values).toEqual([{ field: 'Batch size', old: '1000', new: '1200' }]);
    const [corn, soy] = sections[1].lines;
    // The reference data's label wins over the comparison's bare code.
    expect(corn.item).toBe('CORN · Corn on S-MAJOR');
    expect(corn.values).toEqual([
      { field: 'Setpoint', old: '600', new: '550' },
      { field: 'Tolerance unit', old: 'kg', new: '%' },
    ]);
    expect([soy.change, soy.item]).toEqual(['REMOVED', 'SOY on S-MAJOR']);
    expect(soy.values).toContainEqual({ field: 'Setpoint', old: '390', new: '' });
    expect(sections[2].lines[0]).toMatchObject({ item: 'Step 1: DRY_MIX', values: [{ field: 'Parameters', old: 'SPEED = 40', new: 'SPEED = 45' }] });
    expect(sections[3].lines[0]).toMatchObject({ change: 'ADDED', item: 'COND_TEMP', values: [{ field: 'Value', old: '', new: '82' }] });
  });

  it('leaves out the lists that did not change', () => {
    const none = diffSections({ ...comparison, diff: { header: [], weighingItems: [], mixingItems: [], miscellaneousItems: [] } }, text);
    expect(none).toEqual([]);
  });
});
