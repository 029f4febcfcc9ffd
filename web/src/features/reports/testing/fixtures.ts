/** Report answers for the screen tests: a morning on line 1 with corn, soy and premix. */
import type { CategoryReport, Charge, ChargeReport, Figures, GroupedReport, ReportRow } from '../api/report-types';

export const FROM = '2026-11-23T06:00:00.000Z';
export const TO = '2026-11-23T14:00:00.000Z';

export function figures(actualKg: number, over: Partial<Figures> = {}): Figures {
  const setpointKg = over.setpointKg ?? Math.round(actualKg);
  return {
    doses: 4,
    setpointKg,
    actualKg,
    deviationKg: actualKg - setpointKg,
    deviationPct: setpointKg ? ((actualKg - setpointKg) / setpointKg) * 100 : 0,
    outOfTolerance: 0,
    outOfTolerancePct: 0,
    sharePct: 0,
    meanKg: actualKg / 4,
    meanDeviationKg: 0,
    stdDevKg: 0.25,
    ...over,
  };
}

export function row(key: string, name: string, kg: number, over: Partial<ReportRow> = {}): ReportRow {
  return { key, code: key.toUpperCase(), name, figures: figures(kg), ...over };
}

export function report(rows: ReportRow[], groupBy = 'material'): GroupedReport {
  const total = rows.reduce((s, r) => s + r.figures.actualKg, 0);
  return {
    fromDateTime: FROM,
    toDateTime: TO,
    groupBy,
    rows: rows.map((r) => ({ ...r, figures: { ...r.figures, sharePct: total ? (r.figures.actualKg / total) * 100 : 0 } })),
    totals: figures(total, { doses: rows.length * 4, sharePct: 100 }),
  };
}

export const MATERIALS = report([row('corn', 'Maize, yellow', 1200.456), row('soy', 'Soja "HP"', 780.5), row('premix', 'Premix', 19.9)]);

export const CATEGORIES: CategoryReport = {
  fromDateTime: FROM,
  toDateTime: TO,
  categories: [
    { ...row('grain', 'Grains', 1980.956), categoryIds: ['C1'], materials: MATERIALS.rows.slice(0, 2) },
    { ...row('micro', 'Micro ingredients', 19.9), categoryIds: ['C2'], materials: MATERIALS.rows.slice(2) },
  ],
  totals: MATERIALS.totals,
};

export function charge(n: number, over: Partial<Charge> = {}): Charge {
  return {
    lineId: 'L1',
    lineName: 'Line 1',
    batchId: `ML1-${String(n).padStart(4, '0')}`,
    recipeId: 'V2',
    recipeCode: 'GROWER',
    recipeName: 'Grower',
    recipeVersion: 2,
    productionScheduleId: 'O1',
    scheduleName: 'PO-1',
    startedAt: '2026-11-23T07:00:00Z',
    endedAt: '2026-11-23T07:10:00Z',
    status: 'COMPLETE',
    targetKg: 1000,
    setpointKg: 1000,
    actualKg: 1001.5,
    deviationKg: 1.5,
    doses: 3,
    outOfTolerance: 0,
    weighings: [
      { materialId: 'CORN', materialName: 'Maize, yellow', scaleId: 'S-MAJOR', scaleName: 'Major', binId: 'BIN-01', binName: 'Bin 1', setpointKg: 600, actualKg: 601, inTolerance: true },
      { materialId: 'SOY', materialName: 'Soja "HP"', scaleId: 'S-MAJOR', scaleName: 'Major', binId: 'BIN-02', binName: 'Bin 2', setpointKg: 390, actualKg: 390.4, inTolerance: true },
      // A material since removed from the directory: its code only.
      { materialId: 'PREMIX', materialName: null, scaleId: 'S-MICRO', scaleName: 'Micro', binId: 'BIN-30', binName: null, setpointKg: 10, actualKg: 10.1, inTolerance: false },
    ],
    ...over,
  };
}

/** Page `page` of `total` batches, `limit` a page. */
export function charges(page: number, limit: number, total: number): ChargeReport {
  const first = (page - 1) * limit;
  const rows = Array.from({ length: Math.max(0, Math.min(limit, total - first)) }, (_, i) => charge(total - first - i));
  return { fromDateTime: FROM, toDateTime: TO, page, limit, total, rows, totals: figures(total * 1001.5, { setpointKg: total * 1000, doses: total * 3, batches: total, aborted: 0, targetKg: total * 1000 }) };
}

export const RANGE = { fromDate: FROM, toDate: TO, shiftId: 'S1', shiftName: 'Morning' };
