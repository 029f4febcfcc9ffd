/**
 * The schedule screens' formatting in the user's language: messages, numbers and kg, dates
 * and times in plant time (the zone of `lineId`, or of the line named at the call; for every
 * line their common zone, else UTC), the statuses (`schedule.status.*`) and medication classes (`recipe.class.*`) of
 * the server's catalogue.
 */
import { useIntl } from 'react-intl';
import { plantFormat, zoneOf } from '@/lib/plant-time';
import { useLines } from '@/lib/use-lines';
import type { Move } from '../utils/status';

export type Values = Record<string, string | number>;

export function useScheduleText(lineId?: string | null) {
  const intl = useIntl();
  const { lines } = useLines();
  const zone = (line?: string | null) => zoneOf(lines, line ?? lineId);
  const t = (id: string, values?: Values) => intl.formatMessage({ id }, values);
  const num = (n: number, digits = 3) => intl.formatNumber(n, { maximumFractionDigits: digits });
  const has = (id: string) => id in intl.messages;
  return {
    t,
    num,
    kg: (n: number | null | undefined) => (n === null || n === undefined ? '—' : t('web.schedules.kg', { value: num(n) })),
    dateTime: (iso: string | null | undefined, line?: string | null) => (iso ? plantFormat(intl.locale, zone(line)).dateTime(iso) : '—'),
    /** The zone instants of `line` read in. */
    zone,
    status: (s: string) => (has(`schedule.status.${s}`) ? t(`schedule.status.${s}`) : s),
    medicationClass: (c: string) => (has(`recipe.class.${c}`) ? t(`recipe.class.${c}`) : c),
    /** A move's button text ("Release"), its name with the order ("Release order PO-1") and its question. */
    move: (m: Move, order: string) => ({
      label: t(`web.schedules.move.${m}`),
      of: t(`web.schedules.move.${m}Of`, { order }),
      confirm: t(`web.schedules.move.${m}Confirm`, { order }),
    }),
    yesNo: (b: boolean) => t(b ? 'web.schedules.yes' : 'web.schedules.no'),
  };
}

export type ScheduleText = ReturnType<typeof useScheduleText>;
