/**
 * What may be weighed where (model/src/recipe/placement.rs): a material can be dosed on a scale
 * when a bin of that scale holds it, its category allows the scale (an empty list allows every
 * scale) and its own scale list allows it (empty: any). Inactive materials are not offered.
 */
import type { BinRecord, MaterialRecord } from '../api/plant-api';
import type { PlantIndex } from './plant-index';

const allowsScale = (ids: readonly string[] | null | undefined, scaleId: string) => !ids || ids.length === 0 || ids.includes(scaleId);

const holds = (bin: BinRecord, materialId: string) => (bin.binMaterials ?? []).some((m) => m.materialId === materialId);

/** Whether `material` can be dosed on `scaleId`. */
export function canDose(plant: PlantIndex, material: MaterialRecord, scaleId: string): boolean {
  if (material.active === false) return false;
  const inBin = plant.lists.bins.some((b) => b.scaleId === scaleId && holds(b, material._id));
  const category = plant.category(material.materialCategoryId);
  return inBin && allowsScale(category?.allowedScaleIds, scaleId) && allowsScale(material.scaleIds, scaleId);
}

/** The materials the picker of an item on `scaleId` offers, by code. */
export function dosableMaterials(plant: PlantIndex, scaleId: string): MaterialRecord[] {
  return plant.lists.materials.filter((m) => canDose(plant, m, scaleId)).sort((a, b) => a.code.localeCompare(b.code));
}

/** The bins of `scaleId` that hold `materialId` (the optional bin of an item). */
export function binsFor(plant: PlantIndex, scaleId: string, materialId: string | null): BinRecord[] {
  if (!materialId) return [];
  return plant.lists.bins.filter((b) => b.scaleId === scaleId && holds(b, materialId)).sort((a, b) => a.code.localeCompare(b.code));
}
