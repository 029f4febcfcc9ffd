/**
 * The traceability screens' formatting in the user's language: messages, kilograms, shares,
 * and instants in plant time (the zone of the record's line — a lot's material's, a batch's;
 * for every line their common zone, else UTC), the lot statuses in words.
 */
import { useIntl } from 'react-intl';
import { plantFormat, zoneOf } from '@/lib/plant-time';
import { useLines } from '@/lib/use-lines';

export type Values = Record<string, string | number>;

export function useTraceText(lineId?: string | null) {
  const intl = useIntl();
  const { lines } = useLines();
  const zone = (line?: string | null) => zoneOf(lines, line ?? lineId);
  const t = (id: string, values?: Values) => intl.formatMessage({ id }, values);
  // What rounds to nothing reads 0.0, not -0.0 (a balance of -0.00001 kg).
  const num = (n: number, digits = 1) => intl.formatNumber(Math.abs(n) < 0.5 * 10 ** -digits ? 0 : n, { minimumFractionDigits: digits, maximumFractionDigits: Math.max(digits, 1) });
  return {
    t,
    /** "1,234.5 kg"; '—' for none. */
    kg: (n: number | null | undefined) => (n === null || n === undefined || !Number.isFinite(n) ? '—' : t('web.trace.kg', { value: num(n) })),
    /** "1,234.5" (a column already says kg). */
    num: (n: number | null | undefined) => (n === null || n === undefined || !Number.isFinite(n) ? '—' : num(n)),
    /** A share 0..1 as "42.5 %". */
    share: (n: number | null | undefined) =>
      n === null || n === undefined || !Number.isFinite(n) ? '—' : intl.formatNumber(n, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    count: (n: number) => intl.formatNumber(n, { maximumFractionDigits: 0 }),
    dateTime: (iso: string | null | undefined, line?: string | null) => (iso ? plantFormat(intl.locale, zone(line)).dateTime(iso) : '—'),
    date: (iso: string | null | undefined, line?: string | null) => (iso ? plantFormat(intl.locale, zone(line)).date(iso) : '—'),
    time: (iso: string | null | undefined, line?: string | null) => (iso ? plantFormat(intl.locale, zone(line)).time(iso) : '—'),
    zone,
    lineName: (id: string | null | undefined, code?: string | null) => lines.find((l) => l._id === id)?.name || code || id || '—',
    status: (s: string | null | undefined) => (s ? t(`web.trace.status.${s}`) : '—'),
    /** A batch's status (RUNNING, COMPLETE, ABORTED) in words. */
    batchStatus: (s: string | null | undefined) => (!s ? '—' : `web.trace.batchStatus.${s}` in intl.messages ? t(`web.trace.batchStatus.${s}`) : s),
    /** A medication class in the server catalogue's words (`recipe.class.*`). */
    medicationClass: (c: string | null | undefined) => (!c ? '—' : `recipe.class.${c}` in intl.messages ? t(`recipe.class.${c}`) : c),
  };
}

export type TraceText = ReturnType<typeof useTraceText>;
