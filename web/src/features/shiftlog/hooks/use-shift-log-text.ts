/**
 * The shift log's formatting in the user's language: messages, counts, tonnes, shares, stop
 * times (h:mm:ss), a shift's date, and instants in plant time — the zone of the entry's line;
 * for every line their common zone, else UTC.
 */
import { useIntl } from 'react-intl';
import { formatDuration } from '@/lib/dates';
import { plantFormat, zoneOf } from '@/lib/plant-time';
import { useLines } from '@/lib/use-lines';
import { formatDay } from '../utils/dates';

export type Values = Record<string, string | number>;

const missing = (n: number | null | undefined): n is null | undefined => n === null || n === undefined || !Number.isFinite(n);

export function useShiftLogText(lineId?: string | null) {
  const intl = useIntl();
  const { lines } = useLines();
  const zone = (line?: string | null) => zoneOf(lines, line ?? lineId);
  const plant = (line?: string | null) => plantFormat(intl.locale, zone(line));
  const t = (id: string, values?: Values) => intl.formatMessage({ id }, values);
  return {
    t,
    zone,
    plant,
    /** "1,234" ('—' for none). */
    count: (n: number | null | undefined) => (missing(n) ? '—' : intl.formatNumber(n, { maximumFractionDigits: 0 })),
    /** "12.4 t" ('—' for none). */
    tonnes: (n: number | null | undefined) => (missing(n) ? '—' : t('web.shiftLog.tonnesValue', { value: intl.formatNumber(n, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })),
    /** A share 0..1 as "72.3 %" ('—' where the server could not measure it). */
    percent: (n: number | null | undefined) => (missing(n) ? '—' : intl.formatNumber(n, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 })),
    /** Seconds as h:mm:ss. */
    duration: (s: number | null | undefined) => (missing(s) ? '—' : formatDuration(s)),
    /** The shift's local date (`2026-11-25`) as "Wed, Nov 25, 2026". */
    day: (date: string) => formatDay(date, intl.locale),
    /** "06:00–14:00" in the plant time of `line`. */
    span: (from: string, to: string, line?: string | null) => `${plant(line).time(from)}–${plant(line).time(to)}`,
    dateTime: (iso: string | null | undefined, line?: string | null) => (iso ? plant(line).dateTime(iso) : '—'),
    time: (iso: string | null | undefined, line?: string | null) => (iso ? plant(line).time(iso) : '—'),
  };
}

export type ShiftLogText = ReturnType<typeof useShiftLogText>;
