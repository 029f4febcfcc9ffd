/**
 * The console's rows: the live feed's points (topic `alarms`: the state, within a second of any
 * move) with the api's texts and line names (`GET /api/alarms/active`: the configured text in
 * the reader's language), or the api's points alone while there is no live feed; in the
 * server's order, filtered and sorted as the console asks. Pure functions, unit-tested.
 */
import { alarmKey } from '@/lib/live/live-store';
import type { Alarm } from '@/lib/live/protocol';
import { ALL_LINES, type ActiveAlarm, type AlarmPoint, type AlarmRow } from '../api/alarm-types';

type Severity = AlarmPoint['severity'];

/** Critical first. */
const SEVERITY_RANK: Record<Severity, number> = { CRITICAL: 0, WARNING: 1, INFO: 2 };

const inLine = (lineId: string | null) => (p: { lineId: string }) => !lineId || lineId === ALL_LINES || p.lineId === lineId;

/** The server's order: shelved last, then critical first, unacknowledged first, newest first. */
export function serverOrder(a: AlarmRow, b: AlarmRow): number {
  return (
    Number(a.shelved) - Number(b.shelved) ||
    SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] ||
    Number(a.acknowledged) - Number(b.acknowledged) ||
    Date.parse(b.raisedAt) - Date.parse(a.raisedAt)
  );
}

/**
 * The rows of line `lineId` (null or `ALL`: every line): the live points when the feed has its
 * snapshot (`live` not null), each with the api's text and line name where the api has the
 * point (else the raised message and the cached line name), else the api's points.
 */
export function alarmRows(rest: ActiveAlarm[] | undefined, live: Record<string, Alarm> | null, lineId: string | null, names: Record<string, string>): AlarmRow[] {
  const listed = new Map((rest ?? []).map((a) => [alarmKey(a), a]));
  const rows: AlarmRow[] = live
    ? Object.values(live)
        .filter(inLine(lineId))
        .map((a) => {
          const known = listed.get(alarmKey(a));
          return {
            ...a,
            key: alarmKey(a),
            text: known?.text ?? a.message,
            lineName: known?.lineName ?? names[a.lineId] ?? a.lineId,
            shelved: Boolean(a.shelvedUntil),
            stopsLine: known?.stopsLine ?? false,
          };
        })
    : (rest ?? []).filter(inLine(lineId)).map((a) => ({ ...a, key: alarmKey(a), lineName: a.lineName ?? names[a.lineId] ?? a.lineId }));
  return rows.sort(serverOrder);
}

/** The live points of the line the api has not listed (yet): their text is to be asked. '' when none. */
export function unlisted(rest: ActiveAlarm[] | undefined, live: Record<string, Alarm> | null, lineId: string | null): string {
  if (!live) return '';
  const listed = new Set((rest ?? []).map((a) => alarmKey(a)));
  return Object.values(live)
    .filter(inLine(lineId))
    .map((a) => alarmKey(a))
    .filter((k) => !listed.has(k))
    .sort()
    .join(',');
}

export type StateFilter = 'all' | 'unacknowledged' | 'active' | 'shelved';
export const STATE_FILTERS: readonly StateFilter[] = ['all', 'unacknowledged', 'active', 'shelved'];

export interface AlarmFilters {
  severity: Severity | null;
  state: StateFilter;
  /** Searched in the code, text, raised message, line and batch (any case). */
  search: string;
}

/** The rows the filters let through; unacknowledged and active mean annunciated ones (not shelved). */
export function filterRows(rows: AlarmRow[], f: AlarmFilters): AlarmRow[] {
  const q = f.search.trim().toLowerCase();
  return rows.filter((r) => {
    if (f.severity && r.severity !== f.severity) return false;
    if (f.state === 'unacknowledged' && (r.shelved || r.acknowledged)) return false;
    if (f.state === 'active' && (r.shelved || r.returnedAt)) return false;
    if (f.state === 'shelved' && !r.shelved) return false;
    if (!q) return true;
    return [r.code, r.text, r.message, r.lineName, r.lineId, r.batchId ?? ''].some((v) => v.toLowerCase().includes(q));
  });
}

export type SortColumn = 'severity' | 'line' | 'code' | 'text' | 'raisedAt' | 'state' | 'batch' | 'comments';
export interface AlarmSort {
  column: SortColumn;
  dir: 'asc' | 'desc';
}

/** Unacknowledged and active, unacknowledged and returned, acknowledged, shelved. */
const stateRank = (r: AlarmRow) => (r.shelved ? 3 : r.acknowledged ? 2 : r.returnedAt ? 1 : 0);

const COMPARE: Record<SortColumn, (a: AlarmRow, b: AlarmRow) => number> = {
  // Ascending: the most severe first, as the server orders.
  severity: (a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity],
  line: (a, b) => a.lineName.localeCompare(b.lineName),
  code: (a, b) => a.code.localeCompare(b.code),
  text: (a, b) => a.text.localeCompare(b.text),
  raisedAt: (a, b) => Date.parse(a.raisedAt) - Date.parse(b.raisedAt),
  state: (a, b) => stateRank(a) - stateRank(b),
  batch: (a, b) => (a.batchId ?? '').localeCompare(b.batchId ?? ''),
  comments: (a, b) => (a.comments?.length ?? 0) - (b.comments?.length ?? 0),
};

/** The rows sorted by a column (ties keep the server's order); as they are without a sort. */
export function sortRows(rows: AlarmRow[], sort: AlarmSort | null): AlarmRow[] {
  if (!sort) return rows;
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * COMPARE[sort.column](a, b) || serverOrder(a, b));
}

/** The next sort when a column's header is clicked: ascending, descending, then the server's order. */
export function nextSort(sort: AlarmSort | null, column: SortColumn): AlarmSort | null {
  if (sort?.column !== column) return { column, dir: 'asc' };
  return sort.dir === 'asc' ? { column, dir: 'desc' } : null;
}

/**
 * The points of `next` that newly ask for attention: unacknowledged, not shelved, and not so
 * before (a new point, a new occurrence of one, or one acknowledged before).
 */
export function newlyRaised(prev: Record<string, Alarm>, next: Record<string, Alarm>): Alarm[] {
  return Object.entries(next)
    .filter(([key, a]) => {
      if (a.acknowledged || a.shelvedUntil) return false;
      const before = prev[key];
      return !before || before.acknowledged || before.id !== a.id;
    })
    .map(([, a]) => a);
}
