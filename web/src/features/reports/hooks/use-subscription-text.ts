/**
 * The scheduled reports' words in the user's language: a report's name (its screen's title), a
 * cadence in words ("Weekly, Monday 06:00"), weekdays, formats and languages by name, the
 * server's local times of the zone ("2026-11-23 06:00", read as "Nov 23, 2026, 06:00"),
 * instants in the subscription's zone, and file sizes.
 */
import { useIntl } from 'react-intl';
import { useLanguageOptions } from '@/components/language-select';
import type { Cadence, DeliveryStatus, Format } from '@/generated/enums';
import { plantFormat, UTC } from '@/lib/plant-time';
import type { Subscription } from '../api/subscription-types';
import { reportTitleOf } from '../utils/deliverable';
import { useReportFormat } from './use-report-format';

export type Values = Record<string, string | number>;

/** A Monday (1 January 2024): weekday `n` (1 Monday … 7 Sunday) is `n - 1` days later. */
const MONDAY = Date.UTC(2024, 0, 1);
const DAY_MS = 86_400_000;

/** `zone`: the zone the instants read in (a subscription's, as the server says it). */
export function useSubscriptionText(zone: string = UTC) {
  const intl = useIntl();
  const fmt = useReportFormat();
  const languages = useLanguageOptions();
  const t = (id: string, values?: Values) => intl.formatMessage({ id }, values);
  const plant = plantFormat(intl.locale, zone);

  /** "Monday". */
  const weekday = (n: number) => intl.formatDate(MONDAY + (n - 1) * DAY_MS, { weekday: 'long', timeZone: UTC });
  /** A local time of the zone as the server writes it (`2026-11-23 06:00`), in the user's language. */
  const local = (text: string) => fmt.bucket('hour', text.trim().replace(' ', 'T'));

  return {
    t,
    zone,
    weekday,
    local,
    /** The report a subscription delivers, by its screen's title (its call's name when unknown). */
    report: (s: Pick<Subscription, 'report' | 'filters'>) => {
      const id = reportTitleOf(s.report, s.filters);
      return id ? t(id) : s.report;
    },
    /** "Daily at 06:00", "Weekly, Monday 06:00", "Monthly, day 1 at 06:00", "At each shift's end". */
    cadence: (s: Pick<Subscription, 'cadence' | 'at' | 'weekday' | 'dayOfMonth'>) => {
      const at = s.at ?? '';
      return t(`web.subscription.every.${s.cadence}`, { at, weekday: weekday(s.weekday ?? 1), day: s.dayOfMonth ?? 1 });
    },
    cadenceName: (c: Cadence) => t(`web.subscription.cadence.${c}`),
    format: (f: Format) => t(`web.report.export.${f.toLowerCase()}`),
    status: (s: DeliveryStatus) => t(`web.subscription.status.${s}`),
    language: (code: string) => languages.find((l) => l.value === code)?.label ?? code,
    /** The next delivery: its local time, or "At the next shift's end". */
    next: (s: Pick<Subscription, 'cadence' | 'nextLocal'>) => (s.nextLocal ? local(s.nextLocal) : s.cadence === 'SHIFT_END' ? t('web.subscription.nextShiftEnd') : '—'),
    /** A delivery's period, both ends in the zone's local time. */
    period: (periodLocal: string) => periodLocal.split(' – ').map(local).join(' – '),
    /** An instant in the zone: "Nov 23, 2026, 06:00". */
    at: (iso: string | null | undefined) => (iso ? plant.dateTime(iso) : '—'),
    count: (n: number) => intl.formatNumber(n, { maximumFractionDigits: 0 }),
    /** "12.3 kB". */
    size: (bytes: number | null | undefined) =>
      bytes === null || bytes === undefined ? '—' : intl.formatNumber(bytes / 1000, { style: 'unit', unit: 'kilobyte', unitDisplay: 'short', maximumFractionDigits: 1 }),
  };
}

export type SubscriptionText = ReturnType<typeof useSubscriptionText>;
