/**
 * The columns of the alarm performance report: each line's measures (alarms, the rate per 10
 * minutes, the shares of acceptable and flood periods, chattering and standing alarms, the time
 * to acknowledge), the most frequent and the chattering alarm points, the floods and the
 * standing alarms. Shares (0–1) show as percentages and export as fractions; times to
 * acknowledge show as h:mm:ss and export in seconds.
 */
import type { AlarmFlood, LineAlarmMeasures, PointAlarms, StandingAlarm } from '../api/report-types';
import { textColumn, type Column } from '../utils/columns';
import { severity } from './batch-alarm-columns';
import { count, decimal, instant, seconds } from './batch-columns';

/** A fraction of 0–1, shown as a percentage and exported as the fraction. */
const share = <R,>(id: string, label: string, exportLabel: string): Column<R> => ({ ...textColumn<R>(id, label, id), kind: 'share', exportLabel });

/** A measure of a line, totalled from the same measure of the lines together (`all`). */
const measure = (column: Column<LineAlarmMeasures>): Column<LineAlarmMeasures> => ({ ...column, total: column.path });

const lineName = <R extends { lineId: string; lineName?: string | null }>(): Column<R> => textColumn<R>('lineName', 'web.report.col.line', 'lineName', { text: (r) => r.lineName ?? r.lineId });

/** One row per line; the totals row is the lines together. */
export const LINE_MEASURE_COLUMNS: Column<LineAlarmMeasures>[] = [
  lineName<LineAlarmMeasures>(),
  measure(count('alarms', 'web.report.alarmPerformance.col.alarms')),
  measure(count('periods', 'web.report.alarmPerformance.col.periods')),
  measure(decimal('averagePerTenMinutes', 'web.report.alarmPerformance.col.average')),
  measure(count('peakPerTenMinutes', 'web.report.alarmPerformance.col.peak')),
  measure(share('acceptableShare', 'web.report.alarmPerformance.col.acceptableShare', 'web.report.alarmPerformance.col.acceptableShareRatio')),
  measure(share('floodShare', 'web.report.alarmPerformance.col.floodShare', 'web.report.alarmPerformance.col.floodShareRatio')),
  measure(count('floodPeriods', 'web.report.alarmPerformance.col.floodPeriods')),
  measure(count('chattering', 'web.report.alarmPerformance.col.chattering')),
  measure(count('standing', 'web.report.alarmPerformance.col.standing')),
  measure(seconds('ackMedian', 'web.report.alarmPerformance.col.ackMedian', 'web.report.alarmPerformance.col.ackMedianS', 'acknowledgement.medianS')),
  measure(seconds('ackP90', 'web.report.alarmPerformance.col.ackP90', 'web.report.alarmPerformance.col.ackP90S', 'acknowledgement.p90S')),
  measure(count('unacknowledged', 'web.report.alarmPerformance.col.unacknowledged', 'acknowledgement.unacknowledged')),
];

const POINT_COLUMNS: Column<PointAlarms>[] = [
  textColumn('code', 'web.report.col.code', 'code'),
  textColumn('text', 'web.batch.col.text', 'text'),
  lineName<PointAlarms>(),
  severity<PointAlarms>(),
  count('alarms', 'web.report.alarmPerformance.col.alarms'),
];

/** The ten most frequent alarm points with their share of every alarm. */
export const TOP_COLUMNS: Column<PointAlarms>[] = [...POINT_COLUMNS, share('share', 'web.report.col.sharePct', 'web.report.alarmPerformance.col.shareRatio')];

/** The points that chattered: how many of their alarms came in bursts, and how many bursts. */
export const CHATTERING_COLUMNS: Column<PointAlarms>[] = [...POINT_COLUMNS, count('chattering', 'web.report.alarmPerformance.col.chattering'), count('bursts', 'web.report.alarmPerformance.col.bursts')];

export const FLOOD_COLUMNS: Column<AlarmFlood>[] = [
  lineName<AlarmFlood>(),
  instant('from', 'web.report.col.from'),
  instant('to', 'web.report.col.to'),
  count('alarms', 'web.report.alarmPerformance.col.alarms'),
  count('peak', 'web.report.alarmPerformance.col.peak'),
];

export const STANDING_COLUMNS: Column<StandingAlarm>[] = [
  textColumn('code', 'web.report.col.code', 'code'),
  textColumn('text', 'web.batch.col.text', 'text'),
  lineName<StandingAlarm>(),
  instant('raisedAt', 'web.batch.col.raised'),
  decimal('hours', 'web.report.alarmPerformance.col.hours'),
  { ...instant<StandingAlarm>('returnedAt', 'web.report.alarmPerformance.col.returned'), text: (r, fmt) => (r.returnedAt ? fmt.dateTime(r.returnedAt) : fmt.t('web.report.alarmPerformance.stillActive')) },
];

export const lineMeasureKey = (r: LineAlarmMeasures) => r.lineId;
export const pointKey = (r: PointAlarms) => `${r.lineId}|${r.code}`;
export const floodKey = (r: AlarmFlood) => `${r.lineId}|${r.from}`;
export const standingKey = (r: StandingAlarm) => r.id;
