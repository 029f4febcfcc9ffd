/**
 * SPC answers for the screen tests: the dosing error of maize on line 1 over a morning, twelve
 * doses with the tenth a kilogram off (breaking WE1 and N1), limits from the day before, a
 * saved live set, and violations as the server keeps and pushes them.
 */
import type { KeptViolation, SpcChart, SpcPoint, SpcSet } from '../api/spc-api';
import { FROM, TO } from './fixtures';

export const BASE_FROM = '2026-11-22T06:00:00.000Z';
export const BASE_TO = '2026-11-22T14:00:00.000Z';

const VALUES = [0.1, -0.1, 0.05, -0.05, 0.1, -0.1, 0.0, 0.1, -0.1, 1.0, 0.05, -0.05];

export function points(values: readonly number[] = VALUES, broken: Record<number, SpcPoint['rules']> = { 9: ['WE1', 'N1'] }): SpcPoint[] {
  return values.map((value, index) => ({
    index,
    batchId: `B-${index + 1}`,
    at: new Date(Date.parse(FROM) + (index + 1) * 30 * 60_000).toISOString(),
    seq: 0,
    value,
    dispersion: index === 0 ? null : Math.abs(value - values[index - 1]),
    rules: broken[index] ?? [],
  }));
}

export function violation(over: Partial<KeptViolation> = {}): KeptViolation {
  return {
    setId: 'S1',
    setName: 'Maize dosing',
    subject: 'DOSING_ERROR',
    code: 'CORN',
    lineId: 'L1',
    batchId: 'B-10',
    pointAt: '2026-11-23T11:00:00.000Z',
    pointSeq: 0,
    value: 1,
    rule: 'WE1',
    center: 0,
    sigma: 0.1,
    detectedAt: '2026-11-23T11:00:01.000Z',
    ...over,
  };
}

export function spcChart(over: Partial<SpcChart> = {}): SpcChart {
  return {
    lineId: 'L1',
    subject: 'DOSING_ERROR',
    materialCode: 'CORN',
    materialName: 'Maize',
    scaleCode: null,
    parameterCode: null,
    parameterName: null,
    unit: 'kg',
    chart: 'IMR',
    subgroup: 5,
    fromDateTime: FROM,
    toDateTime: TO,
    baselineFrom: BASE_FROM,
    baselineTo: BASE_TO,
    baselinePoints: 20,
    rules: ['WE1', 'WE2', 'WE3', 'WE4'],
    limits: { center: 0, sigma: 0.1, ucl: 0.3, lcl: -0.3 },
    dispersionLimits: { center: 0.113, ucl: 0.369, lcl: 0 },
    points: points(),
    lsl: -3,
    usl: 3,
    capability: { cp: 10, cpk: 9.87, pp: 8.5, ppk: 8.41, mean: 0.075, sigmaWithin: 0.1, sigmaOverall: 0.117, n: 12 },
    kept: [],
    ...over,
  };
}

export const SET: SpcSet = {
  _id: 'S1',
  lineId: 'L1',
  name: 'Maize dosing',
  subject: 'DOSING_ERROR',
  materialCode: 'CORN',
  scaleCode: null,
  parameterCode: null,
  recipeId: null,
  chart: 'IMR',
  subgroup: 5,
  baselineFrom: BASE_FROM,
  baselineTo: BASE_TO,
  rules: ['WE1'],
  live: true,
};

export const MATERIALS = [
  { _id: 'M1', lineId: 'L1', code: 'CORN', name: 'Maize', active: true },
  { _id: 'M2', lineId: 'L1', code: 'SOY', name: 'Soybean meal', active: true },
];

export const PARAMETERS = [{ _id: 'P1', lineId: 'L1', code: 'COND_TEMP', name: 'Conditioning temperature', unit: '°C', source: 'MIXER', lowLimit: 75, highLimit: 90 }];

export const SCALES = [{ _id: 'SC1', lineId: 'L1', code: 'S-MAJOR', name: 'Major', type: 'MAJOR', capacityKg: 3000 }];
