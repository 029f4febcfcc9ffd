/** Alarm points for the alarm tests: as the api lists them, and as the live feed carries them. */
import type { Alarm, TopicFrame } from '@/lib/live/protocol';
import type { ActiveAlarm } from '../api/alarm-types';

const point = (over: Partial<ActiveAlarm> & Pick<ActiveAlarm, 'id' | 'lineId' | 'code' | 'severity'>): ActiveAlarm => ({
  message: `${over.code} raised`,
  raisedAt: '2026-11-24T10:00:00Z',
  returnedAt: null,
  acknowledged: false,
  unacknowledged: 1,
  ackedAt: null,
  ackedBy: null,
  controllerAckedAt: null,
  shelvedUntil: null,
  shelvedBy: null,
  shelveReason: null,
  comments: [],
  batchId: null,
  text: `${over.code} text`,
  lineName: over.lineId === 'L1' ? 'Line 1' : 'Line 2',
  shelved: false,
  stopsLine: false,
  ...over,
});

/** A warning of line 1, raised three times and acknowledged none. */
export const TEMP = point({
  id: '0193a4b2-0000-7000-8000-000000000001',
  lineId: 'L1',
  code: 'MIXER_TEMP_HIGH',
  severity: 'WARNING',
  text: 'Mixer temperature high',
  unacknowledged: 3,
  raisedAt: '2026-11-24T10:05:00Z',
  batchId: 'L1-261124-0042',
});

/** A critical alarm of line 2, returned and acknowledged at the controller, with a comment. */
export const DRIVE = point({
  id: '0193a4b2-0000-7000-8000-000000000002',
  lineId: 'L2',
  code: 'E_DRIVE',
  severity: 'CRITICAL',
  text: 'Mixer drive fault',
  returnedAt: '2026-11-24T10:02:00Z',
  acknowledged: true,
  unacknowledged: 0,
  controllerAckedAt: '2026-11-24T10:01:00Z',
  raisedAt: '2026-11-24T10:00:00Z',
  stopsLine: true,
  comments: [{ at: '2026-11-24T10:03:00Z', author: 'anna@plant.test', text: 'Drive reset' }],
});

/** An info alarm of line 1, shelved. */
export const DOOR = point({
  id: '0193a4b2-0000-7000-8000-000000000003',
  lineId: 'L1',
  code: 'DOOR_OPEN',
  severity: 'INFO',
  text: 'Door open',
  shelved: true,
  shelvedUntil: '2026-11-24T12:00:00Z',
  shelvedBy: 'bert@plant.test',
  shelveReason: 'Maintenance',
  raisedAt: '2026-11-24T10:10:00Z',
});

/** A point as the live feed carries it (its raised message instead of the configured text). */
export function liveAlarm(p: ActiveAlarm, over: Partial<Alarm> = {}): Alarm {
  const { id, lineId, code, severity, message, raisedAt, returnedAt, acknowledged, unacknowledged, ackedAt, ackedBy, controllerAckedAt, shelvedUntil, shelvedBy, shelveReason, comments, batchId } = p;
  const fields = { id, lineId, code, severity, message, raisedAt, returnedAt, acknowledged, unacknowledged, ackedAt, ackedBy, controllerAckedAt, shelvedUntil, shelvedBy, shelveReason, comments, batchId };
  return { ...fields, state: acknowledged ? 'ACKED' : 'RAISED', time: raisedAt, ...over };
}

/** The `alarms` topic's snapshot (seq 1) of these points. */
export const alarmsSnapshot = (alarms: Alarm[]): TopicFrame => ({ topic: 'alarms', kind: 'snapshot', seq: 1, data: { alarms } });

/** A delta of the `alarms` topic. */
export const alarmsDelta = (seq: number, alarm: Alarm): TopicFrame => ({ topic: 'alarms', kind: 'delta', seq, data: alarm });
