/**
 * Orders for the schedule tests: a grower order half done, a medicated order at carry-over risk
 * after it, a planned one and a flush; the statuses, a line's carry-over settings, released
 * recipe versions (one at the production level, one at trial only) and materials.
 */
import type { RecipeRecord, ReleaseLevel } from '@/features/recipes/api/recipes-api';
import type { CarryOverSettings, MaterialRecord, ScheduleRecord, StatusRecord } from '../api/schedule-types';

const at = '2026-11-23T07:00:00Z';

/** A planned 10 × 1000 kg order of GROWER v2 on line 1, changed by `over`. */
export function order(over: Partial<ScheduleRecord> = {}): ScheduleRecord {
  return {
    _id: 'O1',
    lineId: 'L1',
    lineCode: 'ML1',
    lineName: 'Line 1',
    kind: 'PRODUCTION',
    orderNumber: 'PO-1',
    name: 'Grower crumble',
    recipeGroupId: 'G1',
    recipeCode: 'GROWER',
    recipeId: 'V2',
    recipeName: 'Grower',
    recipeVersion: 2,
    pinned: false,
    medicationClass: 'NONE',
    batchSizeKg: 1000,
    batches: 10,
    plannedKg: 10000,
    plannedStart: at,
    sequence: 1,
    notes: null,
    status: 'PLANNED',
    statusName: 'Planned',
    transitions: ['RELEASED', 'CANCELLED'],
    editable: true,
    deletable: true,
    onBoard: false,
    takesFlush: true,
    batchesDone: 0,
    batchesAborted: 0,
    producedKg: 0,
    progress: 0,
    late: false,
    expectedStart: null,
    recipeChange: null,
    currentVersion: null,
    carryOver: null,
    releasedAt: null,
    releasedBy: null,
    startedAt: null,
    finishedAt: null,
    createdAt: at,
    createdBy: 'anna@plant.test',
    updatedAt: at,
    updatedBy: 'anna@plant.test',
    ...over,
  };
}

/** Running, 4 of 10 batches done. */
export const RUNNING = order({
  status: 'RUNNING',
  statusName: 'Running',
  transitions: ['ON_HOLD', 'ABORTED'],
  editable: false,
  deletable: false,
  onBoard: true,
  takesFlush: false,
  pinned: true,
  batchesDone: 4,
  producedKg: 4000,
  progress: 0.4,
  releasedAt: at,
  releasedBy: 'ben@plant.test',
  startedAt: at,
});

/** Medicated, planned after the grower order without a flush. */
export const AT_RISK = order({
  _id: 'O2',
  orderNumber: 'PO-2',
  name: 'Medicated starter',
  recipeGroupId: 'G2',
  recipeCode: 'MEDSTART',
  recipeId: 'V5',
  recipeName: 'Medicated starter',
  recipeVersion: 1,
  medicationClass: 'MEDICATED',
  sequence: 2,
  carryOver: { previousId: 'O1', previousOrderNumber: 'PO-1', fromClass: 'NONE', toClass: 'MEDICATED', message: 'Order PO-2 (Medicated) may not follow order PO-1 (None) without a flush' },
});

export const PLANNED = order({ _id: 'O3', orderNumber: 'PO-3', name: 'Layer mash', sequence: 4, recipeCode: 'LAYER', recipeVersion: 3 });

export const FLUSH = order({
  _id: 'F1',
  kind: 'FLUSH',
  editable: false,
  orderNumber: 'FL-1',
  name: 'Flush (WHEAT)',
  recipeGroupId: null,
  recipeCode: null,
  recipeId: null,
  recipeName: null,
  recipeVersion: null,
  batches: 1,
  batchSizeKg: 500,
  plannedKg: 500,
  sequence: 3,
});

export const STATUSES: StatusRecord[] = [
  { status: 'PLANNED', name: 'Planned', transitions: ['RELEASED', 'CANCELLED'], byPlant: false },
  { status: 'RELEASED', name: 'Released', transitions: ['ON_HOLD', 'CANCELLED'], byPlant: false },
  { status: 'RUNNING', name: 'Running', transitions: ['ON_HOLD', 'ABORTED'], byPlant: true },
  { status: 'ON_HOLD', name: 'On hold', transitions: ['RELEASED'], byPlant: false },
  { status: 'COMPLETED', name: 'Completed', transitions: [], byPlant: true },
  { status: 'CANCELLED', name: 'Cancelled', transitions: [], byPlant: false },
  { status: 'ABORTED', name: 'Aborted', transitions: [], byPlant: false },
];

export const CLASSES = ['NONE', 'ADDITIVE', 'COCCIDIOSTAT', 'MEDICATED'];

/** The default matrix: a flush whenever a weaker class follows a stronger one. */
export const CARRY_OVER: CarryOverSettings = {
  lineId: 'L1',
  classes: CLASSES,
  rules: CLASSES.flatMap((fromClass, i) => CLASSES.map((toClass, j) => ({ fromClass, toClass, flushRequired: j < i }))),
  flushMaterialId: null,
  flushQuantityKg: null,
  configured: false,
  updatedAt: null,
  updatedBy: null,
};

export const MATERIALS: MaterialRecord[] = [
  { _id: 'M-WHEAT', lineId: 'L1', code: 'WHEAT', name: 'Wheat', materialCategoryId: 'C1' },
  { _id: 'M-CORN', lineId: 'L1', code: 'CORN', name: 'Corn', materialCategoryId: 'C1' },
];

export const LEVELS: ReleaseLevel[] = [
  { _id: 'LV1', level: 1, code: 'TRIAL', name: 'Trial', production: false },
  { _id: 'LV2', level: 2, code: 'PRODUCTION', name: 'Production', production: true },
];

const held = (level: number, name: string) => ({ level, code: name.toUpperCase(), name, releasedAt: at, releasedBy: 'anna@plant.test' });

/** A released version of line 1 holding `levels`. */
export function version(over: Partial<RecipeRecord>): RecipeRecord {
  return {
    _id: 'V2',
    recipeGroupId: 'G1',
    lineId: 'L1',
    code: 'GROWER',
    name: 'Grower',
    product: null,
    description: null,
    version: 2,
    latestVersion: 2,
    batchSizeKg: 1000,
    medicationClass: 'NONE',
    mixingModeId: null,
    weighingItems: [],
    mixingItems: [],
    miscellaneousItems: [],
    totalKg: 1000,
    status: 'RELEASED',
    releaseLevel: 2,
    levels: [held(1, 'Trial'), held(2, 'Production')],
    signatures: [],
    locked: true,
    createdAt: at,
    createdBy: 'anna@plant.test',
    updatedAt: at,
    updatedBy: 'anna@plant.test',
    ...over,
  };
}

export const GROWER_V2 = version({});
export const MEDSTART_V1 = version({ _id: 'V5', recipeGroupId: 'G2', code: 'MEDSTART', name: 'Medicated starter', version: 1, latestVersion: 1, batchSizeKg: 2000, medicationClass: 'MEDICATED' });
/** At trial only: not offered. */
export const TRIAL_ONLY = version({ _id: 'V9', recipeGroupId: 'G9', code: 'TRIALMIX', name: 'Trial mix', version: 1, levels: [held(1, 'Trial')] });
