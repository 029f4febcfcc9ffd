/**
 * Diagnostics answers for the screen tests: a morning on line 1, GROWER batches whose mixer
 * ran hot (MIXER_TEMP_C past 26.5 °C), a dose of premix over its tolerance, the conditioner
 * downstream.
 */
import type { ParameterRow } from '../utils/batch-types';
import type {
  BatchDiagnostics,
  BatchesWithParameters,
  BatchWithParameters,
  CompareMixing,
  CompareParameters,
  ConsolidatedMixing,
  Curve,
  Downstream,
  Downstreams,
  OutOfSpecList,
  OutOfSpecRow,
} from '../utils/diag-types';
import { FROM, TO } from './fixtures';

export const batchNo = (n: number) => `ML1-${String(n).padStart(4, '0')}`;

/** The recipe version the batches ran. */
const GROWER = { recipeId: 'V2', recipeCode: 'GROWER', recipeName: 'Grower', recipeVersion: 2 };

export function outOfSpecRow(n: number, over: Partial<OutOfSpecRow> = {}): OutOfSpecRow {
  const parameter = n % 2 === 0;
  return {
    kind: parameter ? 'PARAMETER' : 'DOSE',
    lineId: 'L1',
    lineName: 'Line 1',
    batchId: batchNo(n),
    ...GROWER,
    scheduleName: 'PO-1',
    at: '2026-11-23T07:10:00Z',
    code: parameter ? 'MIXER_TEMP_C' : 'PREMIX',
    name: parameter ? 'Mixer temperature' : 'Premix',
    unit: parameter ? '°C' : 'kg',
    scaleId: parameter ? null : 'S-MICRO',
    value: parameter ? 27.25 : 10.3,
    target: parameter ? null : 10,
    lowLimit: parameter ? 0 : 9.9,
    highLimit: parameter ? 26.5 : 10.1,
    direction: 'OVER',
    excursion: parameter ? 0.75 : 0.2,
    ...over,
  };
}

/** Page `page` of `total` rows, `limit` a page. */
export function outOfSpecPage(page: number, limit: number, total: number, kind = 'ALL'): OutOfSpecList {
  const first = (page - 1) * limit;
  const rows = Array.from({ length: Math.max(0, Math.min(limit, total - first)) }, (_, i) => outOfSpecRow(total - first - i));
  return { fromDateTime: FROM, toDateTime: TO, kind: kind as OutOfSpecList['kind'], page, limit, total, rows };
}

export function parameter(code: string, over: Partial<ParameterRow> = {}): ParameterRow {
  return { code, name: code === 'MIXER_TEMP_C' ? 'Mixer temperature' : 'Mixer power', unit: code === 'MIXER_TEMP_C' ? '°C' : 'kW', source: 'MIXER', isDownstream: false, samples: 60, min: 18, max: 26, mean: 22, lowLimit: 0, highLimit: 26.5, exceeded: false, excursion: 0, ...over };
}

export function batchWith(n: number, over: Partial<BatchWithParameters> = {}): BatchWithParameters {
  const hot = n % 2 === 0;
  return {
    lineId: 'L1',
    batchId: batchNo(n),
    ...GROWER,
    productionScheduleId: 'O1',
    scheduleName: 'PO-1',
    startedAt: `2026-11-23T07:${String(n).padStart(2, '0')}:00Z`,
    endedAt: `2026-11-23T07:${String(n).padStart(2, '0')}:50Z`,
    status: 'COMPLETE',
    actualKg: 1001.5,
    lineName: 'Pellet line 1',
    parameters: [parameter('MIXER_TEMP_C', hot ? { max: 27.25, exceeded: true, excursion: 0.75 } : {}), parameter('MIXER_POWER_KW', { mean: 14.2, highLimit: 500, max: 16.6 })],
    exceeded: hot ? ['MIXER_TEMP_C'] : [],
    ...over,
  };
}

export function batches(rows: BatchWithParameters[], truncated = false): BatchesWithParameters {
  return { fromDateTime: FROM, toDateTime: TO, rows, truncated };
}

export function curve(batchId: string, code: string, offset = 0): Curve {
  return {
    lineId: 'L1',
    batchId,
    code,
    name: code === 'MIXER_TEMP_C' ? 'Mixer temperature' : 'Mixer power',
    unit: code === 'MIXER_TEMP_C' ? '°C' : 'kW',
    lowLimit: 0,
    highLimit: 26.5,
    points: Array.from({ length: 30 }, (_, i) => [i * 2 + offset, 18 + i * 0.3]),
  };
}

const compared = (ids: string[], golden: string) =>
  ids.map((id) => ({ lineId: 'L1', lineName: 'Line 1', batchId: id, recipeId: 'R-GROWER', recipeCode: 'GROWER', recipeName: 'Grower', recipeVersion: 2, scheduleName: 'PO-1', startedAt: '2026-11-23T07:00:00Z', endedAt: '2026-11-23T07:01:00Z', status: 'COMPLETE', golden: id === golden }));

export function compareMixing(ids: string[], golden = ids[0]): CompareMixing {
  return { batches: compared(ids, golden), goldenBatchId: golden, curves: ids.flatMap((id, i) => [curve(id, 'MIXER_TEMP_C', i * 0.5), curve(id, 'MIXER_POWER_KW', i * 0.5)]) };
}

export function compareParameters(ids: string[], golden = ids[0]): CompareParameters {
  const mean = (i: number) => 22 + i * 0.5;
  const g = ids.indexOf(golden);
  return {
    batches: compared(ids, golden),
    goldenBatchId: golden,
    rows: [
      {
        code: 'MIXER_TEMP_C',
        name: 'Mixer temperature',
        unit: '°C',
        lowLimit: 0,
        highLimit: 26.5,
        values: ids.map((id, i) => ({ lineId: 'L1', batchId: id, golden: id === golden, samples: 60, min: 18, max: i === 1 ? 27.25 : 26, mean: mean(i), exceeded: i === 1, deltaMean: mean(i) - mean(g) })),
      },
    ],
  };
}

export function downstream(code: string, over: Partial<Downstream> = {}): Downstream {
  return {
    lineId: 'L1',
    lineName: 'Line 1',
    code,
    name: 'Conditioner temperature',
    unit: '°C',
    source: 'DOWNSTREAM',
    lowLimit: 70,
    highLimit: 81,
    batches: 3,
    exceededBatches: 1,
    min: 77.5,
    max: 82.4,
    mean: 80.1,
    points: [
      [Date.parse('2026-11-23T07:10:00Z'), 79.8],
      [Date.parse('2026-11-23T07:20:00Z'), 80.2],
      [Date.parse('2026-11-23T07:30:00Z'), 80.3],
    ],
    ...over,
  };
}

export const downstreams = (rows: Downstream[]): Downstreams => ({ fromDateTime: FROM, toDateTime: TO, rows });

export const MIXING: ConsolidatedMixing = {
  fromDateTime: FROM,
  toDateTime: TO,
  rows: [
    {
      lineId: 'L1',
      lineName: 'Line 1',
      ...GROWER,
      actionCode: 'DRY_MIX',
      actionName: 'Dry mix',
      batches: 8,
      steps: 8,
      plannedMeanS: 60,
      actualMeanS: 61.2,
      actualMinS: 60.1,
      actualMaxS: 75,
      energyMeanKwh: 0.31,
      peakMeanKw: 16.7,
      peakMaxKw: 17.9,
      offTimeSteps: 1,
    },
  ],
};

export function diagnostics(n: number, over: Partial<BatchDiagnostics> = {}): BatchDiagnostics {
  const b = batchWith(n);
  return {
    lineId: 'L1',
    lineName: 'Line 1',
    batchId: b.batchId,
    ...GROWER,
    productionScheduleId: 'O1',
    scheduleName: 'PO-1',
    startedAt: b.startedAt,
    endedAt: b.endedAt,
    status: 'COMPLETE',
    parameters: b.parameters,
    curves: [curve(b.batchId, 'MIXER_TEMP_C'), curve(b.batchId, 'MIXER_POWER_KW')],
    outOfSpec: [outOfSpecRow(n, { kind: 'PARAMETER', code: 'MIXER_TEMP_C', name: 'Mixer temperature', unit: '°C' })],
    ...over,
  };
}
