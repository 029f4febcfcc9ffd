/**
 * The plan of the running batch — the control recipe its order froze at release, as
 * `getlivebatch` answers it — folded with the live diagnostics into what the real-time view
 * shows: every ingredient of the batch with its state and tolerance, and the batch's phase
 * (dosing, mixing, discharge). Without a plan (a batch no order of this installation released,
 * or no right to read reports) the view lists what the line reports and shows a phase only
 * while a dose is under way.
 */
import { useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type Schema } from '@/lib/api-client';
import type { DiagnosticsSnapshot, RunningBatch, WeighingSample } from '@/lib/live/protocol';

export type ControlRecipe = Schema<'ControlRecipe'>;
type ControlWeighing = Schema<'ControlWeighing'>;

export type BatchPhase = 'DOSING' | 'MIXING' | 'DISCHARGE';
export type IngredientState = 'WAITING' | 'DOSING' | 'IN_TOLERANCE' | 'OUT_OF_TOLERANCE';

export interface IngredientRow {
  key: string;
  /** The material's name where the plan has it, else the code the line sends. */
  material: string;
  code: string;
  scale: string | null;
  setpointKg: number;
  /** Weighed, or on the scale now; null while waiting. */
  actualKg: number | null;
  toleranceKg: number | null;
  state: IngredientState;
}

/** How long to wait before asking again while the database has not stored the batch yet. */
const NOT_YET_STORED_MS = 2000;

/**
 * The control recipe of the running `batch` on `lineId`. Every batch of an order runs the
 * control recipe the order froze at its release, so it is asked once per order (once per
 * batch for a batch without one) and is there when the order's next batch starts. While the
 * database has not stored the batch yet (ingest follows the live feed by moments), ask again.
 */
export function useBatchPlan(lineId: string, batch: RunningBatch | null | undefined) {
  const orderId = batch?.productionScheduleId ?? null;
  const batchId = batch?.batchId;
  return useQuery({
    queryKey: ['live', 'batch-plan', lineId, orderId ? `order:${orderId}` : `batch:${batchId}`],
    enabled: Boolean(lineId && batchId),
    staleTime: Infinity,
    retry: false,
    queryFn: ({ signal }) =>
      unwrap(apiClient.GET('/api/reports/batches/getlivebatch', { params: { query: { lineId } }, signal })).then((r) => {
        const d = r.data?.details;
        const ours = d && (orderId ? d.productionScheduleId === orderId : d.batchId === batchId);
        return ours ? { stored: true, recipe: d.controlRecipe ?? null } : { stored: false, recipe: null };
      }),
    refetchInterval: (q) => (q.state.data?.stored === false ? NOT_YET_STORED_MS : false),
  });
}

const sameMaterial = (plan: ControlWeighing, w: WeighingSample) => w.materialId === plan.materialCode || (plan.materialId != null && w.materialId === plan.materialId);

/** Every ingredient of the batch in the plan's order, each with what the line did with it. */
export function ingredientRows(view: DiagnosticsSnapshot, recipe: ControlRecipe | null): IngredientRow[] {
  if (!view.batch) return [];
  const weighed = (w: WeighingSample): IngredientState => (w.inTolerance ? 'IN_TOLERANCE' : 'OUT_OF_TOLERANCE');
  const used = new Set<string>();
  let dosingShown = false;
  const rows: IngredientRow[] = [];
  // The control recipe lists its doses in the order the line doses them.
  for (const [i, p] of (recipe?.weighings ?? []).entries()) {
    const w = view.weighings.find((x) => !used.has(x.id) && sameMaterial(p, x));
    const base = { key: `plan-${i}`, material: p.materialName || p.materialCode, code: p.materialCode, scale: p.scaleCode, toleranceKg: p.toleranceKg };
    if (w) {
      used.add(w.id);
      rows.push({ ...base, setpointKg: w.setpointKg, actualKg: w.actualKg, toleranceKg: w.toleranceKg, state: weighed(w) });
    } else if (!dosingShown && view.dosing && (view.dosing.materialId === p.materialCode || view.dosing.materialId === p.materialId)) {
      dosingShown = true;
      rows.push({ ...base, setpointKg: view.dosing.setpointKg, actualKg: view.dosing.actualKg, state: 'DOSING' });
    } else {
      rows.push({ ...base, setpointKg: p.setpointKg, actualKg: null, state: 'WAITING' });
    }
  }
  // What the line did that the plan does not hold (or all of it, without a plan).
  for (const w of view.weighings) {
    if (used.has(w.id)) continue;
    rows.push({ key: w.id, material: w.materialId, code: w.materialId, scale: w.scaleId ?? null, setpointKg: w.setpointKg, actualKg: w.actualKg, toleranceKg: w.toleranceKg, state: weighed(w) });
  }
  if (view.dosing && !dosingShown) {
    const d = view.dosing;
    rows.push({ key: `dosing-${d.materialId}`, material: d.materialId, code: d.materialId, scale: null, setpointKg: d.setpointKg, actualKg: d.actualKg, toleranceKg: null, state: 'DOSING' });
  }
  return rows;
}

/**
 * The batch's phase: dosing while a dose is under way or a planned one is still to come; then
 * mixing until the mixer has recorded every planned step; then discharge until the batch ends.
 * Without a plan, only a dose under way is known for certain.
 */
export function batchPhase(view: DiagnosticsSnapshot, recipe: ControlRecipe | null): BatchPhase | null {
  if (!view.batch) return null;
  if (view.dosing) return 'DOSING';
  if (!recipe) return null;
  if (ingredientRows(view, recipe).some((r) => r.state === 'WAITING')) return 'DOSING';
  return view.mixing.length < recipe.mixing.length ? 'MIXING' : 'DISCHARGE';
}
