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
  type EventsSnapshot,
  type LineSummary,
  type LoggedEvent,
  type MixingSample,
  type Point,
  type ProcessSample,
  type Position,
  type PressureSample,
  type ServerFrame,
  type SpcSnapshot,
  type SpcViolation,
  type UnknownLine,
  type UnknownLines,
  type WeighingSample,
  topics,
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
  /** The plant's newest events (`events`), oldest first, at most EVENTS_KEPT. */
  events: LoggedEvent[];
  /**
   * The position of the last event taken (`events`): kept across connections of this page
   * session, so that a new connection resumes from it (`since`) instead of a snapshot.
   */
  eventsPosition: Position | null;
  /**
   * Last sequence number per topic; a frame that is not the next one is ignored. Not so for
   * `events`, which positions order: a resumed subscription's deltas come without a snapshot,
   * numbered from 1 again.
   */
  seq: Record<string, number>;
}

export const emptyLive = (): LiveData => ({ lines: {}, alarms: {}, diagnostics: {}, spc: {}, unknownLines: [], events: [], eventsPosition: null, seq: {} });

/** Events the store keeps (the server's snapshot holds its newest 100). */
export const EVENTS_KEPT = 200;

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

/** Whether position `p` comes after `kept` (a new epoch always does: its log started again). */
export function isAfter(p: Position, kept: Position | null): boolean {
  return !kept || p.epoch !== kept.epoch || p.offset > kept.offset;
}

/** Folds an `events` snapshot or delta into the kept events; a delta not after the position is dropped. */
export function foldEvents(state: Pick<LiveData, 'events' | 'eventsPosition'>, kind: 'snapshot' | 'delta', data: unknown): Pick<LiveData, 'events' | 'eventsPosition'> {
  if (kind === 'snapshot') {
    const snap = data as EventsSnapshot;
    return { events: (snap.events ?? []).slice(-EVENTS_KEPT), eventsPosition: snap.position };
  }
  const logged = data as LoggedEvent;
  // Sent twice (a resume overlapping what came before): the position says it is known.
  if (!isAfter(logged.position, state.eventsPosition)) return state;
  const events = [...state.events, logged];
  return { events: events.length > EVENTS_KEPT ? events.slice(events.length - EVENTS_KEPT) : events, eventsPosition: logged.position };
}

/**
 * The topics a control frame says cannot be resumed (`notRecoverable`: the server no longer
 * has the events after the client's `since`); a snapshot of them follows. The screens' api data
 * must be fetched again then: what happened in the gap never reached them.
 */
export function notRecoverableTopics(frame: ServerFrame): string[] {
  if (isTopicFrame(frame) || !('type' in frame) || frame.type !== 'error' || frame.code !== 'notRecoverable') return [];
  // Only `events` resumes: a frame that names no topic is about it.
  return frame.topics?.length ? frame.topics : [topics.events];
}

/** Folds one server frame into the live data; frames out of sequence are dropped. */
export function applyFrame(state: LiveData, frame: ServerFrame): LiveData {
  if (!isTopicFrame(frame)) {
    // The kept events cannot be resumed: forget them and their position (the snapshot that
    // follows fills them again).
    if (notRecoverableTopics(frame).includes(topics.events)) return { ...state, events: [], eventsPosition: null };
    return state;
  }
  const { topic, kind, seq, data } = frame;
  if (topic === topics.events) {
    // Ordered by position, not by seq: after a reconnect the missed events come as deltas
    // without a snapshot, and the new connection numbers them from 1.
    const folded = foldEvents(state, kind, data);
    return folded === state ? state : { ...state, ...folded, seq: { ...state.seq, [topic]: seq } };
  }
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
  /**
   * Forget sequence numbers (a new connection starts every topic at 1). The events and their
   * position stay: the new connection resumes from it.
   */
  resetSeq: () => void;
}

export const useLive = create<LiveStore>((set) => ({
  ...emptyLive(),
  apply: (frame) => set((s) => applyFrame(s, frame)),
  resetSeq: () => set({ seq: {} }),
}));
