/** Answers of the "others" reports for the screen tests: stops, bin history and calibration of line 1. */
import type { BinHistory, CalibrationReport, ParetoRow, Stop, StopReport } from '../api/report-types';
import { FROM, TO } from './fixtures';

export function stop(n: number, over: Partial<Stop> = {}): Stop {
  return {
    lineId: 'L1',
    lineName: 'Line 1',
    startedAt: `2026-11-23T07:${String(n).padStart(2, '0')}:00.123456Z`,
    endedAt: `2026-11-23T07:${String(n).padStart(2, '0')}:30.123456Z`,
    durationS: 30,
    state: 'STOPPED',
    reportedReason: 'SR-BLOCKAGE',
    reasonId: 'R1',
    reasonCode: 'SR-BLOCKAGE',
    reasonName: 'Conveyor blocked',
    groupName: 'Mechanical',
    planned: false,
    qualified: true,
    assignedBy: null,
    assignedAt: null,
    ...over,
  };
}

/** An unqualified stop still going on, a fault, and a qualified stop. */
export const STOPS: Stop[] = [
  stop(1),
  stop(2, { state: 'FAULT', durationS: 3725, reportedReason: null, reasonId: null, reasonCode: null, reasonName: null, groupName: null, planned: null, qualified: false, endedAt: null }),
  stop(3, { reasonId: 'R2', reasonCode: 'SR-CLEAN', reasonName: 'Cleaning', groupName: 'Planned work', planned: true, durationS: 600, assignedBy: 'boss@plant.test' }),
];

export const PARETO: ParetoRow[] = [
  { key: '', code: null, name: 'Unqualified', groupName: null, stops: 1, durationS: 3725, sharePct: 85.6, cumulativePct: 85.6 },
  { key: 'R2', code: 'SR-CLEAN', name: 'Cleaning', groupName: 'Planned work', stops: 1, durationS: 600, sharePct: 13.8, cumulativePct: 99.4 },
  { key: 'R1', code: 'SR-BLOCKAGE', name: 'Conveyor blocked', groupName: 'Mechanical', stops: 1, durationS: 30, sharePct: 0.6, cumulativePct: 100.0000001 },
];

export function stopReport(stops: Stop[] = STOPS, pareto: ParetoRow[] = PARETO, page = 1, limit = 50, total = stops.length): StopReport {
  const unqualified = stops.filter((s) => !s.qualified);
  const sum = (list: Stop[]) => list.reduce((n, s) => n + s.durationS, 0);
  return {
    fromDateTime: FROM,
    toDateTime: TO,
    page,
    limit,
    total,
    stops,
    pareto,
    totals: {
      stops: total,
      durationS: sum(stops),
      unqualified: unqualified.length,
      unqualifiedS: sum(unqualified),
      plannedS: sum(stops.filter((s) => s.planned)),
      unplannedS: sum(stops.filter((s) => !s.planned)),
    },
  };
}

export const REASONS = [
  { _id: 'R1', lineId: 'L1', code: 'SR-BLOCKAGE', name: 'Conveyor blocked', stopTimeGroupId: 'G1', planned: false },
  { _id: 'R2', lineId: 'L1', code: 'SR-CLEAN', name: 'Cleaning', stopTimeGroupId: 'G2', planned: true },
  { _id: 'R3', lineId: 'L1', code: 'SR-POWER', name: 'Power cut', stopTimeGroupId: 'G1', planned: false },
];

export function binHistory(over: Partial<BinHistory> = {}): BinHistory {
  return {
    fromDateTime: FROM,
    toDateTime: TO,
    page: 1,
    limit: 50,
    total: 2,
    bins: [
      { lineId: 'L1', lineName: 'Line 1', binId: 'BIN-01', binName: 'Bin 1', capacityKg: 20000, minLevelKg: 500, fills: 1, filledKg: 18000, doses: 12, dosedKg: 7200.5, empties: 0, emptiedKg: 0, changes: 1, openingKg: 4000, closingKg: 14799.5, netKg: 10799.5, peakKg: 19000, expectedClosingKg: 14799.5, discrepancyKg: 0, reconciled: true, overCapacity: false, materials: ['CORN', 'SOY'] },
      { lineId: 'L1', lineName: 'Line 1', binId: 'BIN-30', binName: 'Bin 30', capacityKg: 500, minLevelKg: null, fills: 0, filledKg: 0, doses: 12, dosedKg: 120, empties: 0, emptiedKg: 0, changes: 0, openingKg: 400, closingKg: 280, netKg: -120, peakKg: 400, expectedClosingKg: 280, discrepancyKg: 0, reconciled: true, overCapacity: false, materials: ['PREMIX'] },
    ],
    movements: [
      { time: '2026-11-23T08:00:00Z', lineId: 'L1', binId: 'BIN-01', materialId: 'CORN', materialName: 'Maize', lot: 'L-42', kind: 'FILL', deltaKg: 18000, levelKg: 21000 },
      { time: '2026-11-23T07:30:00Z', lineId: 'L1', binId: 'BIN-30', materialId: 'PREMIX', materialName: null, lot: null, kind: 'DOSE', deltaKg: -10.1, levelKg: 389.9 },
    ],
    levels: [],
    ...over,
  };
}

export const LEVELS = [
  { time: '2026-11-23T06:00:00Z', levelKg: 4000, minKg: 3900, maxKg: 4000 },
  { time: '2026-11-23T07:00:00Z', levelKg: 3000, minKg: 2900, maxKg: 3600 },
  { time: '2026-11-23T08:00:00Z', levelKg: 21000, minKg: 3000, maxKg: 21000 },
];

export function calibration(page = 1, limit = 50, total = 3): CalibrationReport {
  const first = (page - 1) * limit;
  return {
    fromDateTime: FROM,
    toDateTime: TO,
    intervalDays: 90,
    overdue: 1,
    page,
    limit,
    total,
    scales: [
      { lineId: 'L1', lineName: 'Line 1', scaleId: 'S-MAJOR', scaleName: 'Major', capacityKg: 3000, resolutionKg: 0.5, checks: 2, passed: 1, maxAbsErrorKg: 1.25, lastCheckAt: '2026-11-23T09:00:00Z', lastPassed: false, lastPassedAt: '2026-11-23T08:00:00Z', nextDueAt: '2027-02-21T08:00:00Z', overdue: false },
      { lineId: 'L1', lineName: 'Line 1', scaleId: 'S-MICRO', scaleName: 'Micro', capacityKg: 25, resolutionKg: 0.005, checks: 0, passed: 0, maxAbsErrorKg: null, lastCheckAt: null, lastPassed: null, lastPassedAt: null, nextDueAt: null, overdue: true },
    ],
    checks: Array.from({ length: Math.max(0, Math.min(limit, total - first)) }, (_, i) => {
      const n = first + i;
      const passed = n % 2 === 0;
      return { time: new Date(Date.UTC(2026, 10, 23, 12) - n * 60_000).toISOString(), lineId: 'L1', scaleId: 'S-MAJOR', scaleName: 'Major', testWeightKg: 450, readingKg: passed ? 450.004 : 451.25, errorKg: passed ? 0.004 : 1.25, errorPct: passed ? 0.00089 : 0.278, passed, checkedBy: 'simulator' };
    }),
  };
}
