/**
 * The reports' numbers and dates in the user's language (react-intl): kilograms with one or two
 * decimals, percentages, counts, durations (h:mm:ss), instants in plant time (the zone of the
 * report's line; for every line their common zone, else UTC: `zone` says which) and the line's
 * own calendar buckets.
 */
import { useContext } from 'react';
import { useIntl } from 'react-intl';
import { formatDuration } from '@/lib/dates';
import { usePlantTime } from '@/lib/use-plant-time';
import { wallTime } from '../utils/dates';
import { PARAM } from '../utils/filters';
import { ReportContext } from './report-context';

/** How a column's value reads (`duration`: seconds, shown as h:mm:ss; `share`: a fraction 0–1, shown as a percentage). */
export type ValueKind = 'text' | 'kg' | 'pct' | 'share' | 'count' | 'dateTime' | 'duration';

/** A time bucket of the api (`bucket` / `groupBy`). */
export type Bucket = 'hour' | 'shift' | 'day' | 'week' | 'month' | 'line';

/** `lineId`: the line whose zone the instants read in; by default the report's line filter. */
export function useReportFormat(lineId?: string | null) {
  const intl = useIntl();
  const ctx = useContext(ReportContext);
  const plant = usePlantTime(lineId ?? ctx?.values[PARAM.line]);
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const kg = (n: number) => intl.formatNumber(n, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
  /** Kilograms to the gram (scale checks, whose errors are a few grams). */
  const kgFine = (n: number) => intl.formatNumber(n, { minimumFractionDigits: 1, maximumFractionDigits: 3 });
  const pct = (n: number) => intl.formatNumber(n / 100, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 2 });
  /** A fraction (0–1) as a percentage, as `pct` shows one. */
  const share = (n: number) => pct(n * 100);
  const count = (n: number) => intl.formatNumber(n, { maximumFractionDigits: 0 });
  const dateTime = (iso: string) => plant.dateTime(iso);

  /** A value as shown in a cell; '—' for none. */
  const value = (kind: ValueKind, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '—';
    if (kind === 'text') return typeof v === 'string' || typeof v === 'number' ? String(v) : '—';
    if (kind === 'dateTime') return typeof v === 'string' ? dateTime(v) : '—';
    if (typeof v !== 'number' || !Number.isFinite(v)) return '—';
    if (kind === 'duration') return formatDuration(v);
    if (kind === 'share') return share(v);
    return kind === 'kg' ? kg(v) : kind === 'pct' ? pct(v) : count(v);
  };

  /** The period a bucket key names, in the line's own calendar ("23 Nov 2026, 06:00", "Week of 23 Nov 2026", "November 2026"). */
  const bucket = (kind: Bucket, key: string): string => {
    const d = wallTime(key);
    if (!d) return key;
    const utc = { timeZone: 'UTC' } as const;
    if (kind === 'hour') return intl.formatDate(d, { ...utc, dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' });
    if (kind === 'month') return intl.formatDate(d, { ...utc, month: 'long', year: 'numeric' });
    const day = intl.formatDate(d, { ...utc, dateStyle: 'medium' });
    return kind === 'week' ? t('web.report.weekOf', { date: day }) : day;
  };

  /** A short name of a bucket for a chart's axis ("Nov 23, 06:00 AM", "Nov 23", "Nov 2026"). */
  const bucketShort = (kind: Bucket, key: string): string => {
    const d = wallTime(key);
    if (!d) return key;
    const utc = { timeZone: 'UTC' } as const;
    if (kind === 'hour') return intl.formatDate(d, { ...utc, month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    if (kind === 'month') return intl.formatDate(d, { ...utc, month: 'short', year: 'numeric' });
    return intl.formatDate(d, { ...utc, month: 'short', day: 'numeric' });
  };

  /** Seconds in words, to the second under an hour ("45 s", "3 min 10 s", "2 h 5 min"); '—' for none. */
  const elapsed = (seconds: number | null | undefined): string => {
    if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
    const whole = Math.max(0, Math.round(seconds));
    const [h, min, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
    if (h > 0) return t('web.report.elapsed.hoursMinutes', { h, min });
    if (min > 0) return t('web.report.elapsed.minutesSeconds', { min, s });
    return t('web.report.elapsed.seconds', { s });
  };

  /** A short day of an instant ("Nov 23"), in plant time. */
  const shortDate = (iso: string) => plant.dayMonth(iso);

  return { t, kg, kgFine, pct, share, count, dateTime, duration: formatDuration, elapsed, value, bucket, bucketShort, shortDate, plant, zone: plant.zone };
}

export type ReportFormat = ReturnType<typeof useReportFormat>;
