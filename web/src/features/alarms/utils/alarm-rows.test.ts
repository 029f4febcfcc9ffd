import { describe, expect, it } from 'vitest';
import { alarmKey } from '@/lib/live/live-store';
import type { Alarm } from '@/lib/live/protocol';
import { DOOR, DRIVE, liveAlarm, TEMP } from '../testing/fixtures';
import { alarmRows, filterRows, newlyRaised, nextSort, sortRows, unlisted } from './alarm-rows';

const byKey = (...alarms: Alarm[]) => Object.fromEntries(alarms.map((a) => [alarmKey(a), a]));
const codes = (rows: { code: string }[]) => rows.map((r) => r.code);

describe('the alarm rows', () => {
  it("orders as the server: shelved last, critical first, unacknowledged first, newest first", () => {
    const older = { ...TEMP, code: 'OLDER', raisedAt: '2026-11-24T09:00:00Z' };
    const acked = { ...TEMP, code: 'ACKED', acknowledged: true, unacknowledged: 0, raisedAt: '2026-11-24T11:00:00Z' };
    expect(codes(alarmRows([DOOR, older, acked, TEMP, DRIVE], null, null, {}))).toEqual(['E_DRIVE', 'MIXER_TEMP_HIGH', 'OLDER', 'ACKED', 'DOOR_OPEN']);
  });

  it("takes the live points' state with the api's text and line name, and keeps to the line", () => {
    const live = byKey(liveAlarm({ ...TEMP, acknowledged: true, ackedBy: 'anna@plant.test' }), liveAlarm(DRIVE), liveAlarm({ ...DOOR, code: 'NEW', message: 'New one' }));
    const rows = alarmRows([TEMP, DRIVE], live, 'L1', { L1: 'Mixing line 1' });
    expect(codes(rows)).toEqual(['MIXER_TEMP_HIGH', 'NEW']);
    expect(rows[0]).toMatchObject({ text: 'Mixer temperature high', lineName: 'Line 1', acknowledged: true, ackedBy: 'anna@plant.test', shelved: false });
    // A point the api has not listed yet: its raised message and the cached line name.
    expect(rows[1]).toMatchObject({ text: 'New one', lineName: 'Mixing line 1', shelved: true });
    expect(unlisted([TEMP, DRIVE], live, 'L1')).toBe('L1|NEW');
    expect(unlisted([TEMP, DRIVE], live, 'L2')).toBe('');
    expect(unlisted(undefined, null, null)).toBe('');
  });

  it('filters by severity, state and text', () => {
    const rows = alarmRows([TEMP, DRIVE, DOOR], null, null, {});
    const f = { severity: null, state: 'all' as const, search: '' };
    expect(codes(filterRows(rows, { ...f, state: 'unacknowledged' }))).toEqual(['MIXER_TEMP_HIGH']);
    expect(codes(filterRows(rows, { ...f, state: 'active' }))).toEqual(['MIXER_TEMP_HIGH']);
    expect(codes(filterRows(rows, { ...f, state: 'shelved' }))).toEqual(['DOOR_OPEN']);
    expect(codes(filterRows(rows, { ...f, severity: 'CRITICAL' }))).toEqual(['E_DRIVE']);
    expect(codes(filterRows(rows, { ...f, search: ' 0042 ' }))).toEqual(['MIXER_TEMP_HIGH']);
    expect(codes(filterRows(rows, { ...f, search: 'line 2' }))).toEqual(['E_DRIVE']);
  });

  it('sorts by a column, ties in the server’s order, and cycles ascending, descending, none', () => {
    const rows = alarmRows([TEMP, DRIVE, DOOR], null, null, {});
    expect(codes(sortRows(rows, { column: 'raisedAt', dir: 'asc' }))).toEqual(['E_DRIVE', 'MIXER_TEMP_HIGH', 'DOOR_OPEN']);
    expect(codes(sortRows(rows, { column: 'line', dir: 'desc' }))).toEqual(['E_DRIVE', 'MIXER_TEMP_HIGH', 'DOOR_OPEN']);
    expect(codes(sortRows(rows, { column: 'comments', dir: 'desc' }))[0]).toBe('E_DRIVE');
    expect(sortRows(rows, null)).toBe(rows);
    expect(nextSort(null, 'code')).toEqual({ column: 'code', dir: 'asc' });
    expect(nextSort({ column: 'code', dir: 'asc' }, 'code')).toEqual({ column: 'code', dir: 'desc' });
    expect(nextSort({ column: 'code', dir: 'desc' }, 'code')).toBeNull();
    expect(nextSort({ column: 'code', dir: 'desc' }, 'text')).toEqual({ column: 'text', dir: 'asc' });
  });

  it('finds the points that newly ask for attention', () => {
    const before = byKey(liveAlarm(TEMP), liveAlarm(DRIVE));
    const again = liveAlarm({ ...DRIVE, id: 'new-occurrence', acknowledged: false, unacknowledged: 1 });
    const fresh = liveAlarm({ ...TEMP, code: 'FRESH' });
    const shelved = liveAlarm({ ...DOOR, acknowledged: false });
    const after = byKey(liveAlarm({ ...TEMP, unacknowledged: 4 }), again, fresh, shelved);
    expect(codes(newlyRaised(before, after)).sort()).toEqual(['E_DRIVE', 'FRESH']);
    expect(newlyRaised(after, after)).toEqual([]);
  });
});
