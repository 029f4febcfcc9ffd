/**
 * A small line for the recipe tests: a major and a micro scale, grain and micro categories,
 * materials in bins (some placed where they may not be dosed), a mixing action with a speed
 * parameter, a mode with a temperature parameter and a conditioning temperature; recipe records.
 */
import type { PlantLists } from '../api/plant-api';
import type { RecipeRecord, ReleaseLevel } from '../api/recipes-api';
import { ok } from './reply';

const at = '2026-11-20T08:00:00Z';
const base = { lineId: 'L1', createdAt: at, updatedAt: at };

export const PLANT: PlantLists = {
  scales: [
    { ...base, _id: 'S1', code: 'S-MAJOR', name: 'Major', type: 'MAJOR', capacityKg: 3000, minWeighKg: 5 },
    { ...base, _id: 'S2', code: 'S-MICRO', name: 'Micro', type: 'MICRO', capacityKg: 25, minWeighKg: 0.05 },
  ],
  categories: [
    { ...base, _id: 'C-GRAIN', code: 'GRAIN', name: 'Grains', allowedScaleIds: ['S1'] },
    { ...base, _id: 'C-MICRO', code: 'MICRO', name: 'Micro ingredients', allowedScaleIds: [] },
  ],
  materials: [
    { ...base, _id: 'M-CORN', code: 'CORN', name: 'Corn', materialCategoryId: 'C-GRAIN' },
    { ...base, _id: 'M-SOY', code: 'SOY', name: 'Soy meal', materialCategoryId: 'C-GRAIN' },
    { ...base, _id: 'M-PREMIX', code: 'PREMIX', name: 'Premix', materialCategoryId: 'C-MICRO', scaleIds: ['S2'] },
    { ...base, _id: 'M-SALT', code: 'SALT', name: 'Salt', materialCategoryId: 'C-MICRO' },
    { ...base, _id: 'M-OLD', code: 'OLD', name: 'Old stock', materialCategoryId: 'C-GRAIN', active: false },
  ],
  bins: [
    { ...base, _id: 'B1', code: 'BIN-01', name: 'Bin 1', scaleId: 'S1', capacityKg: 20000, binMaterials: [{ materialId: 'M-CORN' }, { materialId: 'M-OLD' }, { materialId: 'M-PREMIX' }] },
    { ...base, _id: 'B2', code: 'BIN-02', name: 'Bin 2', scaleId: 'S1', capacityKg: 20000, binMaterials: [{ materialId: 'M-SOY' }, { materialId: 'M-CORN' }] },
    { ...base, _id: 'B30', code: 'BIN-30', name: 'Bin 30', scaleId: 'S2', capacityKg: 500, binMaterials: [{ materialId: 'M-PREMIX' }, { materialId: 'M-SALT' }, { materialId: 'M-CORN' }] },
  ],
  actions: [{ ...base, _id: 'A-DRY', code: 'DRY_MIX', name: 'Dry mix', parameters: ['P-SPEED'] }],
  modes: [{ ...base, _id: 'MO-STD', code: 'STD', name: 'Standard', parameters: ['P-TEMP'] }],
  actionParameters: [{ ...base, _id: 'P-SPEED', code: 'SPEED', name: 'Speed', dataType: 'DECIMAL', min: 10, max: 60, unit: 'rpm', default: '40' }],
  modeParameters: [{ ...base, _id: 'P-TEMP', code: 'TEMP', name: 'Temperature', dataType: 'INT', unit: '°C' }],
  miscParameters: [
    { ...base, _id: 'P-COND', code: 'COND_TEMP', name: 'Conditioning temperature', dataType: 'DECIMAL', min: 60, max: 90, unit: '°C' },
    { ...base, _id: 'P-STEAM', code: 'STEAM', name: 'Steam', dataType: 'BOOL' },
  ],
  feedingPoints: [],
};

export const LEVELS: ReleaseLevel[] = [
  { _id: 'LV1', level: 1, code: 'TRIAL', name: 'Trial', production: false },
  { _id: 'LV2', level: 2, code: 'PRODUCTION', name: 'Production', production: true },
];

/** A valid 1000 kg recipe version (v1 draft of GROWER on L1), changed by `over`. */
export function recipe(over: Partial<RecipeRecord> = {}): RecipeRecord {
  return {
    _id: 'V1',
    recipeGroupId: 'G1',
    lineId: 'L1',
    code: 'GROWER',
    name: 'Grower',
    product: 'Broiler grower crumble',
    description: null,
    version: 1,
    latestVersion: 1,
    batchSizeKg: 1000,
    medicationClass: 'NONE',
    mixingModeId: null,
    weighingItems: [
      { _id: 'W1', sequence: 1, scaleId: 'S1', materialId: 'M-CORN', setpoint: 600, setpointUnit: 'KG', tolerance: 3, toleranceUnit: 'KG' },
      { _id: 'W2', sequence: 2, scaleId: 'S1', materialId: 'M-SOY', setpoint: 39, setpointUnit: 'PERCENT', tolerance: 1, toleranceUnit: 'PERCENT' },
      { _id: 'W3', sequence: 1, scaleId: 'S2', materialId: 'M-PREMIX', binId: 'B30', setpoint: 10, setpointUnit: 'KG', tolerance: 0.1, toleranceUnit: 'KG' },
    ],
    mixingItems: [{ _id: 'X1', sequence: 1, mixingActionId: 'A-DRY', durationS: 120, parameters: [{ parameterId: 'P-SPEED', value: 40 }] }],
    miscellaneousItems: [{ _id: 'Y1', miscellaneousParameterId: 'P-COND', value: 82 }],
    totalKg: 1000,
    status: 'DRAFT',
    releaseLevel: 0,
    levels: [],
    signatures: [],
    locked: false,
    createdAt: at,
    createdBy: 'anna@plant.test',
    updatedAt: at,
    updatedBy: 'anna@plant.test',
    ...over,
  };
}

/** The routes serving PLANT for line L1. */
export function plantRoutes(lineId = 'L1') {
  const q = `?lineId=${lineId}`;
  return {
    [`GET /api/scales${q}`]: ok(PLANT.scales),
    [`GET /api/materialdirectory${q}`]: ok(PLANT.materials),
    [`GET /api/materialcategories${q}`]: ok(PLANT.categories),
    [`GET /api/bins${q}`]: ok(PLANT.bins),
    [`GET /api/mixingactions${q}`]: ok(PLANT.actions),
    [`GET /api/mixingmodes${q}`]: ok(PLANT.modes),
    [`GET /api/actionparameters${q}`]: ok(PLANT.actionParameters),
    [`GET /api/modeparameters${q}`]: ok(PLANT.modeParameters),
    [`GET /api/miscellaneousparameters${q}`]: ok(PLANT.miscParameters),
    [`GET /api/feedingpoints${q}`]: ok(PLANT.feedingPoints),
  };
}
