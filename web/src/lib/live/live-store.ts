/**
 * Live state of the plant as the socket delivers it. Pure folding functions (unit-tested)
 * plus a zustand store the screens read. Charts subscribe to the store directly and draw
 * through refs, so a sample never re-renders the React tree of the page.
 */
import { create } from 'zustand';
import LIVE from '@/generated/live-constants.json';
import {
  isTopicFrame,
  type Alarm,
  type BatchSample,
  type DiagnosticsDelta,
  type DiagnosticsSnapshot,
  type LineSummary,
  type MixingSample,
  type Point,
  type ProcessSample,
  type PressureSample,
  type ServerFrame,
  type SpcSnapshot,
  type SpcViolation,
  type UnknownLine,
  type UnknownLines,
  type WeighingSample,
} from './protocol';

/** Points kept per chart series (the server's snapshot carries the last 600). */
/** Points kept per diagnostics series: as many as the server's snapshot keeps (stream/src/live.rs). */
export const SERIES_CAP: number = LIVE.seriesPoints;
/** The series of the dose under way: the scale's readings since its setpoint, from 0 kg. */
export const DOSING_SERIES: string = LIVE.dosingSeries;

export interface LiveData {
  lines: Record<string, LineSummary>;
  alarms: Record<string, Alarm>;
  diagnostics: Record<string, DiagnosticsSnapshot>;
  /** Per line, its newest SPC violations, newest first (`line:<id>:spc`). */
  spc: Record<string, SpcViolation[]>;
  /** Data from line ids no configured line has (`unknown-lines`). */
  unknownLines: UnknownLine[];
  /** Last sequence number per topic; a frame that is not the next one is ignored. */
  seq: Record<string, number>;
}

export const emptyLive = (): LiveData => ({ lines: {}, alarms: {}, diagnostics: {}, spc: {}, unknownLines: [], seq: {} });

/** Violations a line keeps (the server's snapshot holds its newest 20). */
const SPC_KEPT = 50;

export const alarmKey = (a: Pick<Alarm, 'lineId' | 'code'>) => `${a.lineId}|${a.code}`;

function applyAlarm(alarms: Record<string, Alarm>, alarm: Alarm): Record<string, Alarm> {
  const next = { ...alarms };
  if (alarm.state === 'CLEARED') delete next[alarmKey(alarm)];
  else next[alarmKey(alarm)] = alarm;
  return next;
}

function alarmList(list: Alarm[], alarm: Alarm): Alarm[] {
  const rest = list.filter((a) => alarmKey(a) !== alarmKey(alarm));
  return alarm.state === 'CLEARED' ? rest : [...rest, alarm];
}

function appendPoint(series: Record<string, number[][]>, code: string, point: Point): Record<string, number[][]> {
  const old = series[code] ?? [];
  const grown = old.length >= SERIES_CAP ? [...old.slice(old.length - SERIES_CAP + 1), point] : [...old, point];
  return { ...series, [code]: grown };
}

/** Folds one diagnostics delta (wire samples of one kind) into the line's view. */
export function foldDiagnostics(view: DiagnosticsSnapshot, delta: DiagnosticsDelta): DiagnosticsSnapshot {
  let next = view;
  for (const raw of delta.samples) {
    switch (delta.kind) {
      case 'process': {
        const s = raw as ProcessSample;
        if (s.parameterCode.startsWith('SETPOINT_KG.')) {
          const series = { ...next.series, [DOSING_SERIES]: [[Date.parse(s.time), 0]] };
          next = { ...next, dosing: { materialId: s.parameterCode.slice(12), setpointKg: s.value, actualKg: 0 }, series };
        } else if (s.parameterCode.startsWith('DOSING_KG.')) {
          // As the server: only the dose under way moves, and its scale curve grows.
          const materialId = s.parameterCode.slice(10);
          if (next.dosing?.materialId !== materialId) break;
          const series = appendPoint(next.series, DOSING_SERIES, [Date.parse(s.time), s.value]);
          next = { ...next, dosing: { ...next.dosing, actualKg: s.value }, series };
        } else {
          next = { ...next, series: appendPoint(next.series, s.parameterCode, [Date.parse(s.time), s.value]) };
        }
        break;
      }
      case 'weighing': {
        const w = raw as WeighingSample;
        if (next.weighings.some((x) => x.id === w.id)) break;
        const dosing = next.dosing?.materialId === w.materialId ? null : next.dosing;
        next = { ...next, weighings: [...next.weighings, w], dosing };
        break;
      }
      case 'mixing': {
        const m = raw as MixingSample;
        if (next.batch?.batchId !== m.batchId || next.mixing.some((x) => x.id === m.id)) break;
        next = { ...next, mixing: [...next.mixing, m] };
        break;
      }
      case 'batch': {
        const b = raw as BatchSample;
        if (b.event === 'STARTED') {
          next = {
            ...next,
            batch: {
              batchId: b.batchId,
              productionScheduleId: b.productionScheduleId,
              scheduleName: b.scheduleName,
              recipeId: b.recipeId,
              recipeCode: b.recipeCode,
              recipeName: b.recipeName,
              targetKg: b.targetKg,
              startedAt: b.time,
              dosedKg: 0,
            },
            weighings: [],
            mixing: [],
            dosing: null,
            series: {},
          };
        } else if (next.batch?.batchId === b.batchId) {
          next = { ...next, batch: null, dosing: null };
        }
        break;
      }
      case 'pressure':
        next = { ...next, pressure: raw as PressureSample };
        break;
      case 'alarm':
        next = { ...next, alarms: alarmList(next.alarms, raw as Alarm) };
        break;
      default:
        break;
    }
  }
  return next;
}

/** Folds one server frame into the live data; frames out of sequence are dropped. */
export function applyFrame(state: LiveData, frame: ServerFrame): LiveData {
  if (!isTopicFrame(frame)) return state;
  const { topic, kind, seq, data } = frame;
  // A delta must follow its topic's snapshot or previous delta directly.
  if (kind === 'delta' && seq !== (state.seq[topic] ?? Number.NaN) + 1) return state;
  const next: LiveData = { ...state, seq: { ...state.seq, [topic]: seq } };
  if (topic === 'lines') {
    if (kind === 'snapshot') {
      next.lines = Object.fromEntries((data as LineSummary[]).map((l) => [l.lineId, l]));
    } else {
      const line = data as LineSummary;
      next.lines = { ...state.lines, [line.lineId]: line };
    }
  } else if (topic === 'unknown-lines') {
    // A delta holds the whole list, as the snapshot does.
    next.unknownLines = (data as UnknownLines).lines ?? [];
  } else if (topic === 'alarms') {
    if (kind === 'snapshot') {
      const list = (data as { alarms: Alarm[] }).alarms ?? [];
      next.alarms = Object.fromEntries(list.map((a) => [alarmKey(a), a]));
    } else {
      next.alarms = applyAlarm(state.alarms, data as Alarm);
    }
  } else if (topic.endsWith(':diagnostics')) {
    const lineId = topic.slice(5, -':diagnostics'.length);
    if (kind === 'snapshot') {
      next.diagnostics = { ...state.diagnostics, [lineId]: data as DiagnosticsSnapshot };
    } else {
      const view = state.diagnostics[lineId];
      if (!view) return state;
      next.diagnostics = { ...state.diagnostics, [lineId]: foldDiagnostics(view, data as DiagnosticsDelta) };
    }
  } else if (topic.endsWith(':spc')) {
    const lineId = topic.slice(5, -':spc'.length);
    const list = kind === 'snapshot' ? ((data as SpcSnapshot).violations ?? []) : [data as SpcViolation, ...(state.spc[lineId] ?? [])];
    next.spc = { ...state.spc, [lineId]: list.slice(0, SPC_KEPT) };
  } else if (topic.startsWith('line:')) {
    const line = data as LineSummary;
    next.lines = { ...state.lines, [line.lineId]: { ...state.lines[line.lineId], ...line } };
  }
  return next;
}

/** Age of a line's newest data in seconds (null when it never sent any). */
export function dataAgeSeconds(updatedAt: string | null | undefined, now: number): number | null {
  if (!updatedAt) return null;
  const t = Date.parse(updatedAt);
  return Number.isNaN(t) ? null : Math.max(0, Math.floor((now - t) / 1000));
}

/** Data older than this is stale: the line (or its gateway) stopped reporting. */
export const STALE_AFTER_S = 30;

/**
 * Whether a line's tile is stale: its newest data is older than STALE_AFTER_S, or none came
 * yet, or the live connection is down. Without the connection nothing on the tile can change,
 * so a wall display says so at once instead of after the age runs out.
 */
export function isStale(age: number | null, connected: boolean): boolean {
  return !connected || age === null || age > STALE_AFTER_S;
}

interface LiveStore extends LiveData {
  apply: (frame: ServerFrame) => void;
  /** Forget sequence numbers (a new connection starts every topic at 1). */
  resetSeq: () => void;
}

export const useLive = create<LiveStore>((set) => ({
  ...emptyLive(),
  apply: (frame) => set((s) => applyFrame(s, frame)),
  resetSeq: () => set({ seq: {} }),
}));
