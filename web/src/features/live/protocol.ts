/**
 * The live protocol of `/ws` (docs/architecture.md, "Live protocol"): client and server frames
 * and the shapes of the topics' data.
 */

export type LineStateName = 'RUNNING' | 'IDLE' | 'STOPPED' | 'FAULT';

export interface RunningBatch {
  batchId: string;
  recipeId?: string | null;
  recipeCode?: string | null;
  recipeName?: string | null;
  targetKg: number;
  dosedKg?: number | null;
  startedAt?: string | null;
}

export interface LineSummary {
  lineId: string;
  state: LineStateName | null;
  stopReasonId?: string | null;
  stateSince?: string | null;
  batch: RunningBatch | null;
  progress: number | null;
  tonnesToday: number;
  openAlarms: number;
  /** Time of the newest sample of the line: the tile's data age. */
  updatedAt: string | null;
}

export interface Dosing {
  materialId: string;
  setpointKg: number;
  actualKg: number;
}

export interface Alarm {
  lineId: string;
  code: string;
  severity: 'INFO' | 'WARNING' | 'CRITICAL';
  message: string;
  state: 'RAISED' | 'ACKED' | 'CLEARED';
  batchId?: string | null;
  time: string;
}

export interface LineDetail extends LineSummary {
  dosing: Dosing | null;
  alarms: Alarm[];
}

export interface WeighingSample {
  id: string;
  time: string;
  batchId: string;
  materialId: string;
  scaleId?: string;
  binId?: string;
  setpointKg: number;
  actualKg: number;
  deviationKg?: number;
  toleranceKg: number;
  inTolerance: boolean;
}

export interface ProcessSample {
  id: string;
  time: string;
  batchId?: string | null;
  parameterCode: string;
  value: number;
}

export interface BatchSample {
  id: string;
  time: string;
  event: 'STARTED' | 'ENDED';
  batchId: string;
  recipeId?: string | null;
  recipeCode?: string | null;
  recipeName?: string | null;
  targetKg: number;
  actualKg?: number | null;
  status?: string;
}

export interface PressureSample {
  id: string;
  time: string;
  sensor: string;
  pressureBar: number;
  setpointBar?: number | null;
}

/** `[epoch ms, value]` pairs. */
export type Point = [number, number];

export interface DiagnosticsSnapshot {
  lineId: string;
  batch: RunningBatch | null;
  weighings: WeighingSample[];
  dosing: Dosing | null;
  series: Record<string, Point[]>;
  pressure: PressureSample | null;
  alarms: Alarm[];
}

export interface DiagnosticsDelta {
  kind: 'process' | 'weighing' | 'pressure' | 'batch' | 'alarm' | 'state' | 'mixing';
  samples: unknown[];
}

export type TopicFrame =
  | { topic: string; kind: 'snapshot' | 'delta'; seq: number; data: unknown };

export type ControlFrame =
  | { type: 'authenticated'; userEmail: string }
  | { type: 'ping'; time: string }
  | { type: 'error'; code: string; topics?: string[] };

export type ServerFrame = TopicFrame | ControlFrame;

/** Close codes of the server. */
export const CLOSE_UNAUTHENTICATED = 4401;
export const CLOSE_TOO_SLOW = 4408;

export const topics = {
  lines: 'lines',
  alarms: 'alarms',
  line: (id: string) => `line:${id}`,
  diagnostics: (id: string) => `line:${id}:diagnostics`,
};

export function isTopicFrame(frame: ServerFrame): frame is TopicFrame {
  return 'topic' in frame && typeof frame.topic === 'string';
}
