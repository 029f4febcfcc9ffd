import { describe, expect, it } from 'vitest';
import { PLANT } from '../testing/fixtures';
import { binsFor, canDose, dosableMaterials } from './materials';
import { indexPlant } from './plant-index';

const plant = indexPlant(PLANT);
const codes = (scaleId: string) => dosableMaterials(plant, scaleId).map((m) => m.code);

describe('the material picker of a scale', () => {
  it('offers the materials a bin of the scale holds, their category and own scale list allowing it', () => {
    expect(codes('S1')).toEqual(['CORN', 'SOY']);
    expect(codes('S2')).toEqual(['PREMIX', 'SALT']);
  });

  it('leaves out a material held on the scale whose category does not allow the scale', () => {
    // CORN sits in BIN-30 on the micro scale, but grains may only be weighed on the major one.
    expect(plant.lists.bins.find((b) => b._id === 'B30')?.binMaterials?.map((m) => m.materialId)).toContain('M-CORN');
    expect(canDose(plant, plant.material('M-CORN')!, 'S2')).toBe(false);
  });

  it('leaves out a material held on the scale whose own scale list names another scale', () => {
    // PREMIX is in BIN-01 on the major scale, but may only be weighed on the micro scale.
    expect(canDose(plant, plant.material('M-PREMIX')!, 'S1')).toBe(false);
    expect(canDose(plant, plant.material('M-PREMIX')!, 'S2')).toBe(true);
  });

  it('leaves out a material no bin of the scale holds, and inactive materials', () => {
    expect(canDose(plant, plant.material('M-SALT')!, 'S1')).toBe(false);
    expect(canDose(plant, plant.material('M-OLD')!, 'S1')).toBe(false);
  });

  it('treats empty category and material scale lists as "any scale"', () => {
    const open = indexPlant({
      ...PLANT,
      categories: PLANT.categories.map((c) => ({ ...c, allowedScaleIds: [] })),
      materials: PLANT.materials.map((m) => ({ ...m, scaleIds: null })),
    });
    expect(dosableMaterials(open, 'S2').map((m) => m.code)).toEqual(['CORN', 'PREMIX', 'SALT']);
  });

  it('offers as bins only those of the scale holding the material', () => {
    expect(binsFor(plant, 'S1', 'M-CORN').map((b) => b.code)).toEqual(['BIN-01', 'BIN-02']);
    expect(binsFor(plant, 'S1', 'M-SOY').map((b) => b.code)).toEqual(['BIN-02']);
    expect(binsFor(plant, 'S2', 'M-SOY')).toEqual([]);
    expect(binsFor(plant, 'S1', null)).toEqual([]);
  });
});
