import { describe, expect, it } from 'vitest';
import {
  alarmKey,
  applyFrame,
  dataAgeSeconds,
  DOSING_SERIES,
  emptyLive,
  EVENTS_KEPT,
  foldDiagnostics,
  isStale,
  notRecoverableTopics,
  SERIES_CAP,
  STALE_AFTER_S,
  type LiveData,
} from './live-store';
import type { Alarm, DiagnosticsSnapshot, LineSummary, LoggedEvent, ServerFrame } from './protocol';
import { reconnectDelay } from './reconnect';
import { socketUrl } from './use-live-socket';

const line = (id: string, extra: Partial<LineSummary> = {}): LineSummary => ({
  lineId: id,
  state: 'RUNNING',
  batch: null,
  progress: 0,
  tonnesToday: 0,
  openAlarms: 0,
  unacknowledgedAlarms: 0,
  updatedAt: '2026-11-23T10:00:00Z',
  ...extra,
});

const alarm = (code: string, state: Alarm['state']): Alarm => ({
  id: `0190c0de-0000-7000-8000-${code.padStart(12, '0').slice(-12)}`,
  lineId: 'L1',
  code,
  severity: 'WARNING',
  message: code,
  state,
  time: '2026-11-23T10:00:00Z',
  raisedAt: '2026-11-23T10:00:00Z',
  acknowledged: state === 'ACKED',
  unacknowledged: state === 'ACKED' ? 0 : 1,
});

const emptyView = (): DiagnosticsSnapshot => ({ lineId: 'L1', batch: null, weighings: [], mixing: [], dosing: null, series: {}, pressure: null, alarms: [] });

describe('applyFrame', () => {
  it('takes a lines snapshot then replaces one line per delta', () => {
    let s = applyFrame(emptyLive(), { topic: 'lines', kind: 'snapshot', seq: 1, data: [line('L1'), line('L2')] });
    expect(Object.keys(s.lines)).toEqual(['L1', 'L2']);
    s = applyFrame(s, { topic: 'lines', kind: 'delta', seq: 2, data: line('L2', { state: 'STOPPED' }) });
    expect(s.lines.L2.state).toBe('STOPPED');
    expect(s.lines.L1.state).toBe('RUNNING');
  });

  it('ignores a delta that is not the next in sequence, and deltas before a snapshot', () => {
    const before = applyFrame(emptyLive(), { topic: 'lines', kind: 'delta', seq: 5, data: line('L1') });
    expect(before.lines).toEqual({});
    let s = applyFrame(emptyLive(), { topic: 'lines', kind: 'snapshot', seq: 1, data: [line('L1')] });
    s = applyFrame(s, { topic: 'lines', kind: 'delta', seq: 3, data: line('L1', { state: 'FAULT' }) });
    expect(s.lines.L1.state).toBe('RUNNING');
  });

  it('keeps open alarms and drops cleared ones', () => {
    let s = applyFrame(emptyLive(), { topic: 'alarms', kind: 'snapshot', seq: 1, data: { alarms: [alarm('A', 'RAISED')] } });
    s = applyFrame(s, { topic: 'alarms', kind: 'delta', seq: 2, data: alarm('B', 'RAISED') });
    expect(Object.keys(s.alarms).sort()).toEqual([alarmKey(alarm('A', 'RAISED')), alarmKey(alarm('B', 'RAISED'))]);
    s = applyFrame(s, { topic: 'alarms', kind: 'delta', seq: 3, data: alarm('A', 'CLEARED') });
    expect(Object.keys(s.alarms)).toEqual([alarmKey(alarm('B', 'RAISED'))]);
  });

  it('keeps the list of unknown line ids, each delta replacing it', () => {
    const seen = (lineId: string, state: number) => ({ lineId, lastSeen: '2026-11-23T10:00:00Z', samples: { state } });
    let s = applyFrame(emptyLive(), { topic: 'unknown-lines', kind: 'snapshot', seq: 1, data: { lines: [seen('L1', 1)] } });
    expect(s.unknownLines).toEqual([seen('L1', 1)]);
    s = applyFrame(s, { topic: 'unknown-lines', kind: 'delta', seq: 2, data: { lines: [seen('L1', 2), seen('X9', 1)] } });
    expect(s.unknownLines.map((l) => [l.lineId, l.samples.state])).toEqual([
      ['L1', 2],
      ['X9', 1],
    ]);
    expect(s.lines).toEqual({});
  });

  it('routes diagnostics frames to their line', () => {
    let s = applyFrame(emptyLive(), { topic: 'line:L1:diagnostics', kind: 'snapshot', seq: 1, data: emptyView() });
    s = applyFrame(s, {
      topic: 'line:L1:diagnostics',
      kind: 'delta',
      seq: 2,
      data: { kind: 'process', samples: [{ id: 'p1', time: '2026-11-23T10:00:01Z', parameterCode: 'MIXER_POWER_KW', value: 40 }] },
    });
    expect(s.diagnostics.L1.series.MIXER_POWER_KW).toEqual([[Date.parse('2026-11-23T10:00:01Z'), 40]]);
  });
});

describe('foldDiagnostics', () => {
  it('follows a dosing from setpoint through the scale reading to the finished weighing', () => {
    let v = foldDiagnostics(emptyView(), {
      kind: 'batch',
      samples: [{ id: 'b', time: '2026-11-23T10:00:00Z', event: 'STARTED', batchId: 'B1', productionScheduleId: 'O1', recipeName: 'Grower', targetKg: 3000 }],
    });
    expect(v.batch).toMatchObject({ batchId: 'B1', productionScheduleId: 'O1' });
    v = foldDiagnostics(v, { kind: 'process', samples: [{ id: 's', time: '2026-11-23T10:00:01Z', parameterCode: 'SETPOINT_KG.CORN', value: 1500 }] });
    v = foldDiagnostics(v, { kind: 'process', samples: [{ id: 'd', time: '2026-11-23T10:00:02Z', parameterCode: 'DOSING_KG.CORN', value: 700 }] });
    expect(v.dosing).toEqual({ materialId: 'CORN', setpointKg: 1500, actualKg: 700 });
    // A reading of another material than the dose under way moves nothing.
    v = foldDiagnostics(v, { kind: 'process', samples: [{ id: 'x', time: '2026-11-23T10:00:03Z', parameterCode: 'DOSING_KG.SOY', value: 5 }] });
    expect(v.dosing?.actualKg).toBe(700);
    // The scale curve of the dose starts at 0 kg when its setpoint comes.
    expect(v.series[DOSING_SERIES]).toEqual([
      [Date.parse('2026-11-23T10:00:01Z'), 0],
      [Date.parse('2026-11-23T10:00:02Z'), 700],
    ]);
    const w = { id: 'w1', time: '2026-11-23T10:00:09Z', batchId: 'B1', materialId: 'CORN', setpointKg: 1500, actualKg: 1502, toleranceKg: 5, inTolerance: true };
    v = foldDiagnostics(v, { kind: 'weighing', samples: [w, w] });
    expect(v.weighings).toHaveLength(1);
    expect(v.dosing).toBeNull();
    const step = { id: 'm1', time: '2026-11-23T10:04:00Z', batchId: 'B1', mixingActionId: 'DRY_MIX', plannedS: 60, actualS: 61, energyKwh: 1, peakPowerKw: 40 };
    v = foldDiagnostics(v, { kind: 'mixing', samples: [step, step, { ...step, id: 'm2', batchId: 'OTHER' }] });
    expect(v.mixing.map((m) => m.id)).toEqual(['m1']);
    v = foldDiagnostics(v, { kind: 'batch', samples: [{ id: 'e', time: '2026-11-23T10:05:00Z', event: 'ENDED', batchId: 'B1', targetKg: 3000 }] });
    expect(v.batch).toBeNull();
  });

  it('starts a fresh view on a new batch and caps the series', () => {
    let v = emptyView();
    const samples = Array.from({ length: SERIES_CAP + 10 }, (_, i) => ({ id: `p${i}`, time: new Date(1_000_000 + i * 1000).toISOString(), parameterCode: 'MIXER_TEMP_C', value: i }));
    v = foldDiagnostics(v, { kind: 'process', samples });
    expect(v.series.MIXER_TEMP_C).toHaveLength(SERIES_CAP);
    expect(v.series.MIXER_TEMP_C.at(-1)?.[1]).toBe(SERIES_CAP + 9);
    v = foldDiagnostics(v, { kind: 'batch', samples: [{ id: 'b', time: '2026-11-23T10:00:00Z', event: 'STARTED', batchId: 'B2', targetKg: 1 }] });
    expect(v.series).toEqual({});
  });
});

describe('data age and reconnecting', () => {
  it('measures the age of the newest data in whole seconds', () => {
    const now = Date.parse('2026-11-23T10:00:42.900Z');
    expect(dataAgeSeconds('2026-11-23T10:00:00Z', now)).toBe(42);
    expect(dataAgeSeconds(null, now)).toBeNull();
    expect(dataAgeSeconds('garbage', now)).toBeNull();
  });

  it('calls a tile stale when its data is old or missing, or at once when the connection is down', () => {
    expect(isStale(0, true)).toBe(false);
    expect(isStale(STALE_AFTER_S, true)).toBe(false);
    expect(isStale(STALE_AFTER_S + 1, true)).toBe(true);
    expect(isStale(null, true)).toBe(true);
    expect(isStale(0, false)).toBe(true);
    expect(isStale(null, false)).toBe(true);
  });

  it('backs off exponentially with jitter, capped', () => {
    expect(reconnectDelay(0, () => 0.5)).toBe(500);
    expect(reconnectDelay(3, () => 0.5)).toBe(4000);
    expect(reconnectDelay(30, () => 0.5)).toBe(15000);
    expect(reconnectDelay(2, () => 0)).toBe(1000);
    expect(reconnectDelay(2, () => 0.999)).toBeLessThan(3000);
  });

  it('derives the socket address from the page or the api base', () => {
    expect(socketUrl('', { protocol: 'https:', host: 'mill.example' })).toBe('wss://mill.example/ws');
    expect(socketUrl('', { protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/ws');
    expect(socketUrl('http://api:8080/', { protocol: 'http:', host: 'x' })).toBe('ws://api:8080/ws');
  });
});

describe('the SPC topic', () => {
  const violation = (batchId: string) =>
    ({ setId: 'S1', setName: 'Corn', subject: 'DOSING_ERROR', code: 'CORN', lineId: 'L1', batchId, pointAt: '2026-11-24T10:00:00Z', pointSeq: 0, value: 1, rule: 'WE1', center: 0, sigma: 0.2, detectedAt: '2026-11-24T10:00:01Z' }) as const;
  it('keeps a line’s violations newest first and leaves its summary alone', () => {
    let s = applyFrame(emptyLive(), { topic: 'line:L1:spc', kind: 'snapshot', seq: 1, data: { lineId: 'L1', violations: [violation('B1')] } });
    s = applyFrame(s, { topic: 'line:L1:spc', kind: 'delta', seq: 2, data: violation('B2') });
    expect(s.spc.L1.map((v) => v.batchId)).toEqual(['B2', 'B1']);
    expect(s.lines).toEqual({});
  });
});

describe('the events topic', () => {
  const at = (offset: number, epoch = 'E1') => ({ epoch, offset });
  const logged = (offset: number, epoch = 'E1'): LoggedEvent => ({
    position: at(offset, epoch),
    event: { kind: 'connection', connectionId: `0190c0de-0000-7000-8000-${String(offset).padStart(12, '0')}`, lineId: 'L1', name: `PLC-${offset}`, state: 'CONNECTED' },
  });
  const snapshot = (seq: number, offsets: number[], epoch = 'E1'): ServerFrame => ({
    topic: 'events',
    kind: 'snapshot',
    seq,
    data: { position: at(offsets.at(-1) ?? 0, epoch), events: offsets.map((o) => logged(o, epoch)) },
  });
  const delta = (seq: number, offset: number, epoch = 'E1'): ServerFrame => ({ topic: 'events', kind: 'delta', seq, data: logged(offset, epoch) });
  const offsets = (s: LiveData) => s.events.map((e) => e.position.offset);
  const notRecoverable: ServerFrame = { type: 'error', code: 'notRecoverable', topics: ['events'] };

  it('takes a snapshot, then appends each delta and advances the position', () => {
    let s = applyFrame(emptyLive(), snapshot(1, [3, 4, 5]));
    expect(offsets(s)).toEqual([3, 4, 5]);
    expect(s.eventsPosition).toEqual(at(5));
    s = applyFrame(s, delta(2, 6));
    s = applyFrame(s, delta(3, 7));
    expect(offsets(s)).toEqual([3, 4, 5, 6, 7]);
    expect(s.eventsPosition).toEqual(at(7));
  });

  it('an empty snapshot keeps no event and the position it names', () => {
    const s = applyFrame({ ...emptyLive(), events: [logged(1)], eventsPosition: at(1) }, snapshot(1, []));
    expect(s.events).toEqual([]);
    expect(s.eventsPosition).toEqual(at(0));
  });

  it('a snapshot replaces what was kept', () => {
    let s = applyFrame(emptyLive(), snapshot(1, [1, 2]));
    s = applyFrame(s, snapshot(1, [8, 9], 'E2'));
    expect(offsets(s)).toEqual([8, 9]);
    expect(s.eventsPosition).toEqual(at(9, 'E2'));
  });

  it('ignores a delta sent twice or older than the position', () => {
    let s = applyFrame(emptyLive(), snapshot(1, [3, 4, 5]));
    const kept = s;
    s = applyFrame(s, delta(2, 5));
    s = applyFrame(s, delta(3, 2));
    expect(s).toBe(kept);
    s = applyFrame(s, delta(4, 6));
    s = applyFrame(s, delta(5, 6));
    expect(offsets(s)).toEqual([3, 4, 5, 6]);
    expect(s.eventsPosition).toEqual(at(6));
  });

  it('takes a delta of another epoch (the log started again)', () => {
    let s = applyFrame(emptyLive(), snapshot(1, [40]));
    s = applyFrame(s, delta(2, 1, 'E2'));
    expect(s.eventsPosition).toEqual(at(1, 'E2'));
    expect(s.events).toHaveLength(2);
  });

  it('applies the deltas of a resumed subscription: no snapshot, numbered from 1 again on the new connection', () => {
    let s = applyFrame(emptyLive(), snapshot(1, [1, 2]));
    s = applyFrame(s, delta(2, 3));
    // The connection drops; the new one forgets sequence numbers (resetSeq) and subscribes
    // with `since` = position 3: the server sends the missed events 4 and 5, then new ones.
    s = { ...s, seq: {} };
    s = applyFrame(s, delta(1, 4));
    s = applyFrame(s, delta(2, 5));
    s = applyFrame(s, delta(3, 6));
    expect(offsets(s)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(s.eventsPosition).toEqual(at(6));
    // A resume that overlaps (another server process, the same positions) adds nothing twice.
    s = { ...s, seq: {} };
    s = applyFrame(s, delta(1, 5));
    s = applyFrame(s, delta(2, 6));
    s = applyFrame(s, delta(3, 7));
    expect(offsets(s)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps every other topic’s sequence check as it was', () => {
    let s = applyFrame(emptyLive(), { topic: 'lines', kind: 'snapshot', seq: 1, data: [line('L1')] });
    s = { ...s, seq: {} };
    s = applyFrame(s, { topic: 'lines', kind: 'delta', seq: 1, data: line('L1', { state: 'FAULT' }) });
    expect(s.lines.L1.state).toBe('RUNNING');
  });

  it(`keeps at most ${EVENTS_KEPT} events, the newest`, () => {
    let s = applyFrame(emptyLive(), snapshot(1, Array.from({ length: 100 }, (_, i) => i + 1)));
    for (let o = 101; o <= EVENTS_KEPT + 50; o++) s = applyFrame(s, delta(o - 99, o));
    expect(s.events).toHaveLength(EVENTS_KEPT);
    expect(s.events[0].position.offset).toBe(51);
    expect(s.events.at(-1)?.position.offset).toBe(EVENTS_KEPT + 50);
  });

  it('on notRecoverable forgets the events and their position; the snapshot that follows fills them', () => {
    let s = applyFrame(emptyLive(), snapshot(1, [1, 2, 3]));
    s = applyFrame(s, { type: 'authenticated', userEmail: 'a@b.c' });
    expect(offsets(s)).toEqual([1, 2, 3]);
    s = applyFrame(s, notRecoverable);
    expect(s.events).toEqual([]);
    expect(s.eventsPosition).toBeNull();
    s = applyFrame(s, snapshot(1, [90, 91], 'E2'));
    expect(offsets(s)).toEqual([90, 91]);
    expect(s.eventsPosition).toEqual(at(91, 'E2'));
  });

  it('names the topics a control frame says cannot be resumed', () => {
    expect(notRecoverableTopics(notRecoverable)).toEqual(['events']);
    expect(notRecoverableTopics({ type: 'error', code: 'notRecoverable' })).toEqual(['events']);
    expect(notRecoverableTopics({ type: 'error', code: 'forbiddenTopic', topics: ['events'] })).toEqual([]);
    expect(notRecoverableTopics({ type: 'ping', time: '2026-11-23T10:00:00Z' })).toEqual([]);
    expect(notRecoverableTopics(delta(1, 1))).toEqual([]);
    // Another topic's error leaves the events alone.
    const s = applyFrame(applyFrame(emptyLive(), snapshot(1, [1])), { type: 'error', code: 'forbiddenTopic', topics: ['events'] });
    expect(offsets(s)).toEqual([1]);
  });
});
