/** Bin assignment rules: which material is active in a bin, and which materials a bin may hold. */
import { toText } from '@/lib/text';
import type { ConfigRecord } from '../api/config-types';

export interface Assignment {
  materialId: string;
  lot: string;
}

/** The bin's active material: its item of the best (lowest) priority, the first one on a tie. */
export function activeMaterial(bin: ConfigRecord): Assignment {
  const items = Array.isArray(bin.binMaterials) ? (bin.binMaterials as Array<Record<string, unknown>>) : [];
  const rank = (i: Record<string, unknown>) => (typeof i.priority === 'number' ? i.priority : Number.MAX_SAFE_INTEGER);
  const best = items.reduce<Record<string, unknown> | undefined>((a, i) => (!a || rank(i) < rank(a) ? i : a), undefined);
  return { materialId: best?.materialId ? toText(best.materialId) : '', lot: best?.lot ? toText(best.lot) : '' };
}

/**
 * Materials offered for a bin: active ones whose scales (if they name any) include the bin's
 * scale; the bin's current material is always kept so the select can show it.
 */
export function materialsForBin(materials: ConfigRecord[], bin: ConfigRecord, currentId: string): ConfigRecord[] {
  const scaleId = bin.scaleId ? toText(bin.scaleId) : ((bin.scale as { _id?: string } | null | undefined)?._id ?? '');
  return materials.filter((m) => {
    if (m._id === currentId) return true;
    if (m.active === false) return false;
    const scales = Array.isArray(m.scaleIds) ? (m.scaleIds as unknown[]).map(String) : [];
    return scales.length === 0 || !scaleId || scales.includes(scaleId);
  });
}

/** Whether an edit changes the bin: a material chosen that differs from the active one, or another lot. */
export function isChanged(bin: ConfigRecord, edit: Assignment | undefined): boolean {
  if (!edit || !edit.materialId) return false;
  const active = activeMaterial(bin);
  return edit.materialId !== active.materialId || edit.lot.trim() !== active.lot;
}
