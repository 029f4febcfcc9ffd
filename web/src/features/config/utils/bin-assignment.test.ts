import { describe, expect, it } from 'vitest';
import { activeMaterial, isChanged, materialsForBin } from './bin-assignment';

describe('bin assignment rules', () => {
  it('takes the material of the best priority as the active one', () => {
    expect(activeMaterial({ _id: 'B', binMaterials: [{ materialId: 'M2', priority: 2 }, { materialId: 'M1', priority: 1, lot: 'L1' }] })).toEqual({ materialId: 'M1', lot: 'L1' });
    expect(activeMaterial({ _id: 'B', binMaterials: [{ materialId: 'M3' }, { materialId: 'M4' }] })).toEqual({ materialId: 'M3', lot: '' });
    expect(activeMaterial({ _id: 'B' })).toEqual({ materialId: '', lot: '' });
  });

  it('offers active materials allowed on the bin’s scale, keeping the current one', () => {
    const materials = [
      { _id: 'A', scaleIds: [] },
      { _id: 'B', scaleIds: ['S1'] },
      { _id: 'C', scaleIds: ['S2'] },
      { _id: 'D', scaleIds: [], active: false },
    ];
    expect(materialsForBin(materials, { _id: 'bin', scaleId: 'S1' }, '').map((m) => m._id)).toEqual(['A', 'B']);
    expect(materialsForBin(materials, { _id: 'bin', scale: { _id: 'S2' } }, 'D').map((m) => m._id)).toEqual(['A', 'C', 'D']);
  });

  it('counts a bin as changed when its material or lot differs', () => {
    const bin = { _id: 'B', binMaterials: [{ materialId: 'M1', lot: 'L1' }] };
    expect(isChanged(bin, undefined)).toBe(false);
    expect(isChanged(bin, { materialId: 'M1', lot: 'L1 ' })).toBe(false);
    expect(isChanged(bin, { materialId: 'M1', lot: 'L2' })).toBe(true);
    expect(isChanged(bin, { materialId: 'M2', lot: 'L1' })).toBe(true);
    expect(isChanged(bin, { materialId: '', lot: 'x' })).toBe(false);
  });
});
