/** Shift log entries for the shift log tests, as the api answers them (line L1 is in Europe/Amsterdam). */
import type { ShiftLog, ShiftRecord, ShiftSummary } from '../api/shift-log-types';

export const ENTRY_ID = '0193a4b2-0000-7000-8000-00000000e001';
export const HANDED_ID = '0193a4b2-0000-7000-8000-00000000e002';
export const NIGHT_ID = '0193a4b2-0000-7000-8000-00000000e003';

/** The cached lines: Line 1 in Amsterdam, Line 2 in UTC. */
export const LINES = [
  { _id: 'L1', name: 'Line 1', timezone: 'Europe/Amsterdam' },
  { _id: 'L2', name: 'Line 2', timezone: 'UTC' },
];

export const SHIFTS: ShiftRecord[] = [
  { _id: 'S1', lineId: 'L1', name: 'Early', startTime: '06:00', endTime: '14:00', days: ['MON', 'TUE', 'WED', 'THU', 'FRI'], active: true },
  { _id: 'S2', lineId: 'L1', name: 'Late', startTime: '14:00', endTime: '22:00', days: ['MON', 'TUE', 'WED', 'THU', 'FRI'], active: true },
  { _id: 'S9', lineId: 'L1', name: 'Old', startTime: '22:00', endTime: '06:00', days: ['SAT'], active: false },
];

export const SUMMARY: ShiftSummary = {
  computedAt: '2026-11-25T09:30:00Z',
  batches: 13,
  aborted: 1,
  actualKg: 12_420,
  tonnes: 12.42,
  stops: 3,
  stopS: 2525,
  stopReasons: [
    { code: 'DIE', name: 'Die change', stops: 1, durationS: 1800 },
    { code: '', name: null, stops: 2, durationS: 725 },
  ],
  alarms: 7,
  criticalAlarms: 2,
  unacknowledgedAlarms: 1,
  oee: {
    actualKg: 12_420,
    availability: 0.8,
    batches: 13,
    goodKg: 11_420,
    idealS: 20_000,
    idleS: 0,
    oee: 0.723,
    performance: null,
    plannedS: 28_800,
    plannedStopS: 0,
    quality: 0.919,
    runningS: 23_000,
    shiftS: 28_800,
    unknownS: 0,
    unplannedStopS: 2525,
    unratedKg: 0,
  },
};

/** The early shift of Wed 25 Nov 2026 on Line 1 (06:00–14:00 in Amsterdam), open, counted at 10:30. */
export const OPEN_ENTRY: ShiftLog = {
  id: ENTRY_ID,
  lineId: 'L1',
  lineName: 'Line 1',
  shiftId: 'S1',
  shiftName: 'Early',
  date: '2026-11-25',
  startsAt: '2026-11-25T05:00:00Z',
  endsAt: '2026-11-25T13:00:00Z',
  handoverFrom: '2026-11-25T12:30:00Z',
  notes: 'Die of press 2 changed at 07:10.\nCooler fan noisy: maintenance informed.',
  openItems: [
    { id: 'I1', text: 'Order a new door seal', done: false, carriedFrom: '0193a4b2-0000-7000-8000-00000000e000' },
    { id: 'I2', text: 'Check the die temperature sensor', done: false, carriedFrom: null },
  ],
  createdAt: '2026-11-25T05:10:00Z',
  createdBy: 'anna@plant.test',
  updatedAt: '2026-11-25T09:00:00Z',
  updatedBy: 'anna@plant.test',
  handedOverAt: null,
  handedOverBy: null,
  handoverNote: null,
  summary: SUMMARY,
  summaryFinal: false,
};

/** The same shift handed over to bert with a note; its summary kept. */
export const HANDED_ENTRY: ShiftLog = {
  ...OPEN_ENTRY,
  id: HANDED_ID,
  openItems: [OPEN_ENTRY.openItems[0], { ...OPEN_ENTRY.openItems[1], done: true }],
  handedOverAt: '2026-11-25T13:05:00Z',
  handedOverBy: 'bert@plant.test',
  handoverNote: 'Press 2 running fine again',
  summary: { ...SUMMARY, computedAt: '2026-11-25T13:05:00Z' },
  summaryFinal: true,
};

/** A night shift of Line 2 (UTC) as the list carries it: open, no summary, no items. */
export const NIGHT_ENTRY: ShiftLog = {
  ...OPEN_ENTRY,
  id: NIGHT_ID,
  lineId: 'L2',
  lineName: 'Line 2',
  shiftId: 'S7',
  shiftName: 'Night',
  date: '2026-11-24',
  startsAt: '2026-11-24T22:00:00Z',
  endsAt: '2026-11-25T06:00:00Z',
  handoverFrom: '2026-11-25T05:30:00Z',
  notes: '',
  openItems: [],
  createdBy: 'carl@plant.test',
  summary: null,
};
