/** Answers of the "others" reports for the screen tests: stops, bin history, calibration and alarm performance of line 1. */
import type { AlarmMeasures, AlarmPerformance, BinHistory, CalibrationReport, LineAlarmMeasures, ParetoRow, PointAlarms, Stop, StopReport } from '../api/report-types';
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

/** Two hours of the alarm performance report: 12 ten-minute periods a line. */
export const ALARM_TO = '2026-11-23T08:00:00.000Z';

const NO_ACK = { acknowledged: 0, unacknowledged: 0, medianS: null, p90S: null, maxS: null };

/**
 * Line 1: 13 alarms in 12 periods (1.08 per 10 minutes), one of them a flood of 11 alarms (so 11
 * of 12 periods acceptable: 91.67 %, 1 a flood: 8.33 %); 3 chattering, 1 standing; acknowledged
 * in 3 min 10 s (median) and 12 min 5 s (90th percentile). Line 2: no alarm.
 */
export const L1_MEASURES: LineAlarmMeasures = {
  lineId: 'L1',
  lineName: 'Line 1',
  alarms: 13,
  periods: 12,
  averagePerTenMinutes: 13 / 12,
  peakPerTenMinutes: 11,
  acceptableShare: 11 / 12,
  floodShare: 1 / 12,
  floodPeriods: 1,
  chattering: 3,
  standing: 1,
  acknowledgement: { acknowledged: 12, unacknowledged: 1, medianS: 190, p90S: 725, maxS: 4000 },
};

const L2_MEASURES: LineAlarmMeasures = {
  lineId: 'L2',
  lineName: 'Line 2',
  alarms: 0,
  periods: 12,
  averagePerTenMinutes: 0,
  peakPerTenMinutes: 0,
  acceptableShare: 1,
  floodShare: 0,
  floodPeriods: 0,
  chattering: 0,
  standing: 0,
  acknowledgement: NO_ACK,
};

/** The lines together: 13 alarms in 24 line-periods (0.54), 23 acceptable (95.83 %), 1 flood (4.17 %). */
const ALL_MEASURES: AlarmMeasures = {
  alarms: 13,
  periods: 24,
  averagePerTenMinutes: 13 / 24,
  peakPerTenMinutes: 11,
  acceptableShare: 23 / 24,
  floodShare: 1 / 24,
  floodPeriods: 1,
  chattering: 3,
  standing: 1,
  acknowledgement: L1_MEASURES.acknowledgement,
};

function point(code: string, text: string, severity: PointAlarms['severity'], alarms: number, over: Partial<PointAlarms> = {}): PointAlarms {
  return { lineId: 'L1', lineName: 'Line 1', code, text, severity, alarms, share: alarms / 13, chattering: 0, bursts: 0, ...over };
}

export const TOP_ALARMS: PointAlarms[] = [
  point('A-101', 'Mixer door open', 'CRITICAL', 6, { chattering: 3, bursts: 1 }),
  point('A-205', 'Bin 3 low level', 'WARNING', 4),
  point('A-310', 'Dust filter pressure high', 'INFO', 3),
];

export function alarmPerformance(over: Partial<AlarmPerformance> = {}): AlarmPerformance {
  return {
    fromDateTime: FROM,
    toDateTime: ALARM_TO,
    lines: [L1_MEASURES, L2_MEASURES],
    all: ALL_MEASURES,
    top: TOP_ALARMS,
    chattering: [TOP_ALARMS[0]],
    floods: [{ lineId: 'L1', lineName: 'Line 1', from: '2026-11-23T06:50:00Z', to: '2026-11-23T07:00:00Z', alarms: 11, peak: 11 }],
    standing: [
      { id: 'E1', lineId: 'L1', lineName: 'Line 1', code: 'A-205', text: 'Bin 3 low level', raisedAt: '2026-11-21T06:30:00Z', returnedAt: null, hours: 49.5 },
      { id: 'E2', lineId: 'L1', lineName: 'Line 1', code: 'A-400', text: 'Scale 2 out of calibration', raisedAt: '2026-11-20T06:00:00Z', returnedAt: '2026-11-23T06:15:00Z', hours: 72.25 },
    ],
    ...over,
  };
}

/** A range without alarms: every line's periods acceptable, nothing listed. */
export function quietAlarmPerformance(): AlarmPerformance {
  const quiet = (m: LineAlarmMeasures): LineAlarmMeasures => ({ ...L2_MEASURES, lineId: m.lineId, lineName: m.lineName });
  return alarmPerformance({
    lines: [quiet(L1_MEASURES), L2_MEASURES],
    all: { ...ALL_MEASURES, alarms: 0, averagePerTenMinutes: 0, peakPerTenMinutes: 0, acceptableShare: 1, floodShare: 0, floodPeriods: 0, chattering: 0, standing: 0, acknowledgement: NO_ACK },
    top: [],
    chattering: [],
    floods: [],
    standing: [],
  });
}
