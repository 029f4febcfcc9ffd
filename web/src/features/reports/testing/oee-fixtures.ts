/**
 * Answers of the OEE report and the dashboard's OEE for the tests: two days of two lines (UTC).
 * Line 1 ran both days, the second with 1,000 kg made without an ideal rate (no performance,
 * no OEE); line 2 reported no state the first day (nothing measurable) and idled the second
 * (planned, never ran: OEE 0).
 */
import type { Oee, OeeFigures, OeeRow } from '../api/report-types';
import { FROM } from './fixtures';

export const OEE_TO = '2026-11-25T06:00:00.000Z';

const H = 3600;

/** Figures with their factors as the server computes them (docs/architecture.md, "OEE"). */
export function oeeFigures(over: Partial<OeeFigures> = {}): OeeFigures {
  const f: OeeFigures = {
    shiftS: 8 * H,
    plannedStopS: 0,
    plannedS: 0,
    runningS: 0,
    idleS: 0,
    unplannedStopS: 0,
    unknownS: 0,
    batches: 0,
    actualKg: 0,
    goodKg: 0,
    unratedKg: 0,
    idealS: 0,
    ...over,
  };
  const known = f.runningS + f.idleS + f.plannedStopS + f.unplannedStopS;
  f.plannedS = f.shiftS - f.plannedStopS;
  f.unknownS = Math.max(0, f.shiftS - known);
  f.availability = f.plannedS > 0 && known > 0 ? f.runningS / f.plannedS : null;
  f.performance = f.runningS > 0 && f.unratedKg === 0 ? f.idealS / f.runningS : null;
  f.quality = f.actualKg > 0 ? f.goodKg / f.actualKg : null;
  const [a, p, q] = [f.availability, f.performance, f.quality];
  f.oee = a !== null && p !== null && q !== null ? a * p * q : a === 0 ? 0 : null;
  return f;
}

const sum = (rows: readonly OeeFigures[]) =>
  oeeFigures({
    shiftS: rows.reduce((s, r) => s + r.shiftS, 0),
    plannedStopS: rows.reduce((s, r) => s + r.plannedStopS, 0),
    runningS: rows.reduce((s, r) => s + r.runningS, 0),
    idleS: rows.reduce((s, r) => s + r.idleS, 0),
    unplannedStopS: rows.reduce((s, r) => s + r.unplannedStopS, 0),
    batches: rows.reduce((s, r) => s + r.batches, 0),
    actualKg: rows.reduce((s, r) => s + r.actualKg, 0),
    goodKg: rows.reduce((s, r) => s + r.goodKg, 0),
    unratedKg: rows.reduce((s, r) => s + r.unratedKg, 0),
    idealS: rows.reduce((s, r) => s + r.idealS, 0),
  });

const LINE_NAMES: Record<string, string> = { L1: 'Line 1', L2: 'Line 2' };

/** A day of a line: its shift 06:00–14:00 UTC. */
function day(lineId: string, date: string, figures: Partial<OeeFigures>, shift?: string): OeeRow {
  return {
    key: shift ? `${lineId}/S1/${date}T06:00:00` : `${lineId}/${date}`,
    lineId,
    lineName: LINE_NAMES[lineId],
    date,
    shiftId: shift ? 'S1' : null,
    shiftName: shift ?? null,
    from: `${date}T06:00:00Z`,
    to: `${date}T14:00:00Z`,
    ...oeeFigures(figures),
  };
}

const L1_DAY1: Partial<OeeFigures> = { plannedStopS: 1800, runningS: 6 * H, idleS: 1800, unplannedStopS: H, batches: 40, actualKg: 40000, goodKg: 39000, idealS: 19440 };
const L1_DAY2: Partial<OeeFigures> = { runningS: 23040, idleS: 2880, unplannedStopS: 2880, batches: 30, actualKg: 30000, goodKg: 30000, unratedKg: 1000, idealS: 18000 };
/** Reports no state: all 8 h unknown. */
const L2_DAY1: Partial<OeeFigures> = {};
/** Planned, never ran. */
const L2_DAY2: Partial<OeeFigures> = { idleS: 8 * H };

function rows(shift?: string): OeeRow[] {
  return [
    day('L1', '2026-11-23', L1_DAY1, shift),
    day('L1', '2026-11-24', L1_DAY2, shift),
    day('L2', '2026-11-23', L2_DAY1, shift),
    day('L2', '2026-11-24', L2_DAY2, shift),
  ];
}

function lineOver(lineId: string, of: readonly OeeRow[]): OeeRow {
  return { key: lineId, lineId, lineName: LINE_NAMES[lineId], date: null, shiftId: null, shiftName: null, from: of[0].from, to: of[of.length - 1].to, ...sum(of) };
}

/** The report grouped as asked (`shift`: each day's one shift, "Morning"). */
export function oeeReport(groupBy: Oee['groupBy'] = 'day'): Oee {
  const groups = rows(groupBy === 'shift' ? 'Morning' : undefined);
  const lines = ['L1', 'L2'].map((l) => lineOver(l, groups.filter((r) => r.lineId === l)));
  return { fromDateTime: FROM, toDateTime: OEE_TO, groupBy, rows: groupBy === 'line' ? lines : groups, lines, totals: sum(groups) };
}

/** The dashboard's OEE: line 1 ran today with every batch rated, line 2 reported no state. */
export function oeeToday(): OeeRow[] {
  return [day('L1', '2026-11-24', L1_DAY1), day('L2', '2026-11-24', { ...L2_DAY1, actualKg: 500, goodKg: 500, unratedKg: 500 })];
}
