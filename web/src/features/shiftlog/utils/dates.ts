/**
 * The shift log's days: the list's range without one in the URL, the days an entry may be
 * written for, and a shift's local date (`2026-11-25`, the api's `date`) read in the user's
 * language. Days are the plant's (the line's zone), whatever the browser's zone.
 */
import { fromZoneInput, recentDays, toZoneInput } from '@/lib/plant-time';

const DAY_MS = 86_400_000;

/** The days the list shows without a range in the URL: today and the six before. */
export const DEFAULT_DAYS = 7;

/**
 * The list's range without one in the URL: from the start of the day six days ago to the end of
 * today, days of the plant's `zone` (a day of 23 or 25 hours included).
 */
export const defaultRange = (now: Date, zone: string): { from: string; to: string } => recentDays(now, zone, DEFAULT_DAYS);

/** Today's date in the plant's `zone`, `2026-11-26`. */
export const plantToday = (now: Date, zone: string): string => toZoneInput(now, zone).slice(0, 10);

/** The date `days` after (or before, negative) local date `date` (`2026-11-26`). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The days an entry may be written for, newest first: today and the `back` days before it (the
 * server takes an entry up to 31 days after its shift, and none for a shift not begun yet).
 */
export function writableDays(now: Date, zone: string, back: number): string[] {
  const today = plantToday(now, zone);
  return Array.from({ length: back + 1 }, (_, i) => addDays(today, -i));
}

/** Whether `date` is a local date (`2026-11-26`). */
export const isLocalDate = (date: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(date) && fromZoneInput(`${date}T00:00`, 'UTC') !== null;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** A local date (`2026-11-25`) as "Wed, Nov 25, 2026" in `locale`; the text itself when it is none. */
export function formatDay(date: string, locale: string): string {
  if (!isLocalDate(date)) return date;
  let f = dayFormats.get(locale);
  if (!f) {
    // A date has no zone: read at UTC midnight in UTC it is that very day everywhere.
    f = new Intl.DateTimeFormat(locale, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    dayFormats.set(locale, f);
  }
  return f.format(new Date(`${date}T00:00:00Z`));
}
