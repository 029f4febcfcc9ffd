/** Batch and alarm report answers for the screen tests: batches of GROWER v2 on line 1, one with a dose over and one aborted. */
import type { AlarmConfig, ReportParameter } from '../utils/batch-api';
import type { AlarmList, AlarmRow, BatchDetails, BatchDoses, BatchMisc, BatchMixing, BatchParameters, Summary, SummaryRow } from '../utils/batch-types';
import { FROM, TO } from './fixtures';

export const BATCH = 'ML1-0042';
export const STARTED = '2026-11-23T07:00:00.000Z';
export const ENDED = '2026-11-23T07:10:00.000Z';

export function summaryRow(n: number, over: Partial<SummaryRow> = {}): SummaryRow {
  const start = Date.parse(STARTED) + n * 600_000;
  return {
    lineId: 'L1',
    lineName: 'Line 1',
    batchId: `ML1-${String(n).padStart(4, '0')}`,
    recipeId: 'V2',
    recipeCode: 'GROWER',
    recipeName: 'Grower',
    recipeVersion: 2,
    productionScheduleId: 'PS1',
    scheduleName: 'PO-1',
    startedAt: new Date(start).toISOString(),
    endedAt: new Date(start + 540_000).toISOString(),
    durationS: 540,
    status: 'COMPLETE',
    targetKg: 1000,
    setpointKg: 1000,
    actualKg: 1001.5,
    deviationKg: 1.5,
    doses: 3,
    outOfTolerance: 0,
    exceeded: [],
    alarms: 0,
    ...over,
  };
}

/** Page `page` of `total` batches, newest first; the second batch is out of tolerance and past MIXER_TEMP_C, the third aborted. */
export function summary(page: number, limit: number, total: number, filterType = 'ALL'): Summary {
  const rows: SummaryRow[] = [];
  for (let i = (page - 1) * limit; i < Math.min(total, page * limit); i += 1) {
    const n = total - i;
    const over: Partial<SummaryRow> = i === 1 ? { outOfTolerance: 1, exceeded: ['MIXER_TEMP_C'], alarms: 2 } : i === 2 ? { status: 'ABORTED', actualKg: 600.2 } : {};
    rows.push(summaryRow(n, over));
  }
  return { fromDateTime: FROM, toDateTime: TO, reportFilterType: filterType as Summary['reportFilterType'], page, limit, total, rows };
}

export const REPORT_PARAMETERS: ReportParameter[] = [
  { _id: 'RP1', lineId: 'L1', code: 'MIXER_TEMP_C', name: 'Mixer temperature', source: 'MIXER', unit: '°C', lowLimit: 20, highLimit: 60 },
  { _id: 'RP2', lineId: 'L1', code: 'MIXER_POWER_KW', name: 'Mixer power', source: 'MIXER', unit: 'kW', highLimit: 90 },
];

export const DETAILS: BatchDetails = {
  lineId: 'L1',
  lineName: 'Line 1',
  batchId: BATCH,
  recipeId: 'V2',
  recipeCode: 'GROWER',
  recipeName: 'Grower',
  recipeVersion: 2,
  productionScheduleId: 'PS1',
  scheduleName: 'Grower week 48',
  orderNumber: 'PO-1',
  orderStatus: 'RUNNING',
  orderBatches: 8,
  orderCreatedBy: 'planner@plant.example',
  releasedBy: 'super@plant.example',
  releasedAt: '2026-11-23T06:30:00.000Z',
  startedAt: STARTED,
  endedAt: ENDED,
  durationS: 600,
  status: 'COMPLETE',
  targetKg: 1000,
  reportedKg: 1001.2,
  setpointKg: 1000,
  weighedKg: 1000.8,
  controlRecipe: {
    recipeCode: 'GROWER',
    recipeName: 'Grower',
    recipeVersion: 2,
    batchSizeKg: 1000,
    medicationClass: 'NONE',
    weighings: [
      { sequence: 1, materialCode: 'CORN', materialName: 'Maize', scaleCode: 'S-MAJOR', binCode: 'BIN-01', setpointKg: 600, toleranceKg: 3 },
      { sequence: 2, materialCode: 'SOY', materialName: 'Soybean meal', scaleCode: 'S-MAJOR', binCode: 'BIN-01', setpointKg: 390, toleranceKg: 2 },
      { sequence: 3, materialCode: 'PREMIX', materialName: 'Premix', scaleCode: 'S-MICRO', binCode: 'BIN-30', setpointKg: 10, toleranceKg: 0.1 },
    ],
    mixing: [{ sequence: 1, actionCode: 'DRY_MIX', modeCode: 'STD', durationS: 60, parameters: [{ code: 'SPEED', value: 40, unit: 'rpm' }] }],
    miscellaneous: [{ code: 'COND_TEMP', value: 82, unit: '°C' }],
  },
};

const dose = (sequence: number, material: string, name: string, setpointKg: number, actualKg: number, toleranceKg: number, flag: string) => ({
  sequence,
  time: new Date(Date.parse(STARTED) + sequence * 60_000).toISOString(),
  materialId: material,
  materialName: name,
  scaleId: 'S-MAJOR',
  scaleName: 'Major',
  binId: 'BIN-01',
  binName: 'Bin 1',
  lot: `LOT-${sequence}`,
  plannedKg: setpointKg,
  plannedToleranceKg: toleranceKg,
  setpointKg,
  actualKg,
  deviationKg: actualKg - setpointKg,
  deviationPct: ((actualKg - setpointKg) / setpointKg) * 100,
  toleranceKg,
  inTolerance: flag === 'OK',
  flag,
  durationS: 42,
  inflightKg: 0.4,
});

export const DOSES: BatchDoses = {
  lineId: 'L1',
  batchId: BATCH,
  rows: [dose(1, 'CORN', 'Maize', 600, 601.2, 3, 'OK'), dose(2, 'SOY', 'Soybean meal', 390, 393.5, 2, 'OVER')],
  missing: [DETAILS.controlRecipe!.weighings[2]],
  setpointKg: 990,
  actualKg: 994.7,
  deviationKg: 4.7,
  outOfTolerance: 1,
};

export const MIXING: BatchMixing = {
  lineId: 'L1',
  batchId: BATCH,
  startedAt: STARTED,
  steps: [
    { sequence: 1, actionCode: 'DRY_MIX', actionName: 'Dry mix', startedAt: '2026-11-23T07:08:00.000Z', endedAt: '2026-11-23T07:09:05.000Z', plannedS: 60, actualS: 65, energyKwh: 0.82, peakPowerKw: 48.5 },
  ],
  planned: DETAILS.controlRecipe!.mixing,
  curves: [
    { lineId: 'L1', batchId: BATCH, code: 'MIXER_POWER_KW', name: 'Mixer power', unit: 'kW', highLimit: 90, points: [[480, 10], [500, 45.5], [520, 48.5], [545, 12]] },
    { lineId: 'L1', batchId: BATCH, code: 'MIXER_TEMP_C', name: 'Mixer temperature', unit: '°C', lowLimit: 20, highLimit: 60, points: [[480, 40], [500, 55], [520, 63.25], [545, 58]] },
  ],
};

export const PARAMETERS: BatchParameters = {
  lineId: 'L1',
  batchId: BATCH,
  rows: [
    { code: 'MIXER_POWER_KW', name: 'Mixer power', unit: 'kW', source: 'MIXER', isDownstream: false, samples: 4, min: 10, max: 48.5, mean: 29, lowLimit: null, highLimit: 90, exceeded: false, excursion: 0 },
    { code: 'MIXER_TEMP_C', name: 'Mixer temperature', unit: '°C', source: 'MIXER', isDownstream: false, samples: 4, min: 40, max: 63.25, mean: 54.06, lowLimit: 20, highLimit: 60, exceeded: true, excursion: 3.25 },
    { code: 'STEAM_BAR', name: null, unit: null, source: null, isDownstream: false, samples: 4, min: 1.9, max: 2.1, mean: 2, exceeded: false, excursion: 0 },
  ],
};

export const MISC: BatchMisc = { lineId: 'L1', batchId: BATCH, hasControlRecipe: true, rows: [{ code: 'COND_TEMP', name: 'Conditioning temperature', value: 82, unit: '°C' }] };

export function alarm(n: number, over: Partial<AlarmRow> = {}): AlarmRow {
  const raised = Date.parse(STARTED) + n * 60_000;
  return {
    id: `A-${n}`,
    lineId: 'L1',
    lineName: 'Line 1',
    batchId: BATCH,
    code: 'MIX_OVERTEMP',
    severity: 'WARNING',
    text: 'Mixer over temperature',
    stopsLine: false,
    raisedAt: new Date(raised).toISOString(),
    ackedAt: new Date(raised + 30_000).toISOString(),
    clearedAt: new Date(raised + 90_000).toISOString(),
    durationS: 90,
    ...over,
  };
}

/** Page `page` of `total` alarms; the first is critical and still active. */
export function alarmList(page: number, limit: number, total: number): AlarmList {
  const rows: AlarmRow[] = [];
  for (let i = (page - 1) * limit; i < Math.min(total, page * limit); i += 1)
    rows.push(i === 0 ? alarm(total - i, { code: 'SCALE_FAULT', severity: 'CRITICAL', text: 'Scale fault', stopsLine: true, ackedAt: null, clearedAt: null, durationS: null }) : alarm(total - i));
  return { fromDateTime: FROM, toDateTime: TO, page, limit, total, rows };
}

export const ALARM_CONFIG: AlarmConfig[] = [
  { code: 'MIX_OVERTEMP', severity: 'WARNING', texts: { en: 'Mixer over temperature', de: 'Mischer Übertemperatur' }, stopsLine: false, updatedAt: '2026-11-20T10:00:00.000Z', updatedBy: 'admin@plant.example' },
  { code: 'SCALE_FAULT', severity: 'CRITICAL', texts: { en: 'Scale fault' }, stopsLine: true, updatedAt: '2026-11-20T10:00:00.000Z', updatedBy: null },
];
