/**
 * The live protocol of `/ws` (docs/architecture.md, "Live protocol"): client and server frames,
 * the shapes of the topics' data and the close codes, as the server describes them
 * (src/generated/live.d.ts and live-constants.json, `npm run contract`; the Rust source is
 * stream/src/protocol.rs), under the names the live screens use.
 */
import type { components } from '@/generated/live';
import LIVE from '@/generated/live-constants.json';

type S = components['schemas'];

export type LineStateName = S['LineStateKind'];
export type AlarmSeverity = S['Severity'];
export type AlarmState = S['AlarmState'];

/** An open alarm as the topics carry it (`alarms`, `line:<id>`, the diagnostics snapshot). */
export type Alarm = S['OpenAlarm'];

export type RunningBatch = S['RunningBatch'];
/** The order a line runs, with its batches done of its batches (from the order board). */
export type RunningOrder = S['RunningOrder'];
export type Dosing = S['Dosing'];

/** A line as the wall display shows it (topic `lines`, one per line). */
export type LineSummary = S['LineSummary'];
/** Topic `line:<id>`: the summary, the current dosing and the open alarms. */
export type LineDetail = S['LineDetail'];

export type WeighingSample = S['Weighing'];
export type ProcessSample = S['ProcessSample'];
export type MixingSample = S['Mixing'];
export type PressureSample = S['Pressure'];
export type BatchSample = S['BatchEvent'];

/** `[epoch ms, value]`: one point of a diagnostics series. */
export type Point = [number, number];

/** Topic `line:<id>:diagnostics` snapshot. */
export type DiagnosticsSnapshot = S['DiagnosticsSnapshot'];
/** A delta of samples of one kind (`line:<id>:diagnostics`). */
export type DiagnosticsDelta = S['SamplesDelta'];

/** A run-rule violation of a completed batch (a `line:<id>:spc` delta; the tile's newest). */
export type SpcViolation = S['KeptViolation'];
/** Topic `line:<id>:spc` snapshot: the line's newest violations, newest first. */
export type SpcSnapshot = S['SpcSnapshot'];

/** Data from a line id no configured line has (topic `unknown-lines`). */
export type UnknownLine = S['UnknownLine'];
/** Topic `unknown-lines`: snapshot and delta alike hold the whole list. */
export type UnknownLines = S['UnknownLines'];

/** Where an event stands in the plant's event log: an `offset` within an `epoch`. */
export type Position = S['Position'];
/** One event of the plant (alarm, batch, SPC violation, connection), tagged by `kind`. */
export type LiveEvent = S['LiveEvent'];
/** An event with its position: each of the `events` snapshot's and each `events` delta. */
export type LoggedEvent = S['LoggedEvent'];
/** Topic `events` snapshot: the newest events kept, oldest first, and the last one's position. */
export type EventsSnapshot = S['EventsSnapshot'];

/** A topic's frame: `data` is the topic's snapshot or a delta. */
export type TopicFrame = S['TopicFrame'];
export type ControlFrame = S['ControlFrame'];
export type ClientFrame = S['ClientFrame'];
export type ServerFrame = TopicFrame | ControlFrame;

/** Close codes of the server (`x-close-codes`): sign in again on `unauthorized`, else reconnect. */
export const CLOSE_BAD_REQUEST: number = LIVE.closeCodes.badRequest;
export const CLOSE_UNAUTHENTICATED: number = LIVE.closeCodes.unauthorized;
export const CLOSE_TOO_SLOW: number = LIVE.closeCodes.tooSlow;

export const topics = {
  lines: 'lines',
  alarms: 'alarms',
  unknownLines: 'unknown-lines',
  /** The plant's event log: resumable from a position (`since` on subscribe). */
  events: 'events',
  line: (id: string) => `line:${id}`,
  diagnostics: (id: string) => `line:${id}:diagnostics`,
  spc: (id: string) => `line:${id}:spc`,
};

export function isTopicFrame(frame: ServerFrame): frame is TopicFrame {
  return 'topic' in frame && typeof frame.topic === 'string';
}
