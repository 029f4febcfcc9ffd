/**
 * Scheduled reports for the subscription tests, as the api answers them: both lines in
 * Amsterdam; Anna's daily consumption per material category of Line 1, a weekly stop-time
 * report, a monthly OEE of every line and one at each shift's end; and the deliveries of a
 * subscription, newest period first (sent, retrying, failed, waiting).
 */
import type { ReportDelivery, Subscription } from '../api/subscription-types';

export const AMSTERDAM_LINES = [
  { _id: 'L1', name: 'Line 1', timezone: 'Europe/Amsterdam' },
  { _id: 'L2', name: 'Line 2', timezone: 'Europe/Amsterdam' },
];

export const ZONE = 'Europe/Amsterdam';

export const LAYOUT = {
  heading: 'Consumption by Materials',
  title: 'Consumption by Materials',
  headers: ['Code', 'Material category', 'Weighed (kg)'],
  matchKeys: ['code', 'name', 'figures.actualKg'],
  data: 'rows',
};

/** Anna's: consumption per material category of Line 1, daily at 06:00, as PDF. */
export const DAILY: Subscription = {
  _id: 'SUB1',
  name: 'Daily consumption',
  report: 'totalweightgroupedby',
  filters: { lineId: 'L1', groupBy: 'category' },
  layout: LAYOUT,
  lineId: 'L1',
  cadence: 'DAILY',
  at: '06:00',
  weekday: null,
  dayOfMonth: null,
  format: 'PDF',
  recipients: ['anna@plant.test', 'bert@plant.test'],
  language: 'en',
  owner: 'anna@plant.test',
  zone: ZONE,
  nextLocal: '2026-11-24 06:00',
  createdAt: '2026-11-20T08:00:00Z',
  createdBy: 'anna@plant.test',
  updatedAt: '2026-11-23T10:15:00.123456Z',
  updatedBy: 'anna@plant.test',
};

export const WEEKLY: Subscription = {
  ...DAILY,
  _id: 'SUB2',
  name: 'Stops of the week',
  report: 'stoptimereport',
  filters: { lineId: 'L2' },
  layout: { ...LAYOUT, heading: 'Stop Time Report – Stops' },
  lineId: 'L2',
  cadence: 'WEEKLY',
  weekday: 1,
  format: 'XLSX',
  recipients: ['chef@plant.test'],
  nextLocal: '2026-11-30 06:00',
};

export const MONTHLY: Subscription = {
  ...DAILY,
  _id: 'SUB3',
  name: 'OEE of the month',
  report: 'oee',
  filters: { groupBy: 'line' },
  lineId: null,
  cadence: 'MONTHLY',
  dayOfMonth: 1,
  format: 'CSV',
  owner: 'bert@plant.test',
  nextLocal: '2026-12-01 06:00',
};

export const SHIFT_END: Subscription = {
  ...DAILY,
  _id: 'SUB4',
  name: 'Alarms of the shift',
  report: 'getalarms',
  filters: { lineId: 'L1', severity: 'HIGH' },
  cadence: 'SHIFT_END',
  at: null,
  nextLocal: null,
};

export function delivery(n: number, over: Partial<ReportDelivery> = {}): ReportDelivery {
  const day = String(23 - n).padStart(2, '0');
  const next = String(24 - n).padStart(2, '0');
  return {
    id: `D${n}`,
    periodStart: `2026-11-${day}T05:00:00Z`,
    periodEnd: `2026-11-${next}T05:00:00Z`,
    periodLocal: `2026-11-${day} 06:00 – 2026-11-${next} 06:00`,
    status: 'SENT',
    attempts: 1,
    nextAttemptAt: null,
    sentAt: `2026-11-${next}T05:00:40Z`,
    lastError: null,
    fileName: `Daily_consumption-2026-11-${next}-06-00.pdf`,
    bytes: 48_213,
    recipients: ['anna@plant.test', 'bert@plant.test'],
    ...over,
  };
}

/** The newest page: a waiting period, a retry after a refused mail, a failure given up, then one sent. */
export const DELIVERIES: ReportDelivery[] = [
  delivery(0, { status: 'PENDING', attempts: 0, sentAt: null, fileName: null, bytes: null, nextAttemptAt: '2026-11-24T05:00:00Z' }),
  delivery(1, { status: 'RETRY', attempts: 2, sentAt: null, fileName: null, bytes: null, lastError: 'the mail server refused: 451 try again later', nextAttemptAt: '2026-11-23T05:04:00Z' }),
  delivery(2, { status: 'FAILED', attempts: 8, sentAt: null, fileName: null, bytes: null, lastError: 'anna@plant.test can no longer sign in: nobody reads the report' }),
  delivery(3),
];
