/**
 * The schedules' dates: the list's range without one in the URL and a new order's planned
 * start (an instant; the pickers show it in plant time).
 */
import { startOfZoneDay } from '@/lib/plant-time';

const HOUR_MS = 3_600_000;

/**
 * The list's range without one in the URL: from yesterday's start to the end of the day after
 * tomorrow, days of the plant's `zone` (a day of 23 or 25 hours included).
 */
export function fallbackRange(now: Date, zone: string): { from: string; to: string } {
  const today = startOfZoneDay(now, zone);
  // Half a day inside the wanted day, so a daylight-saving change does not slip into the next.
  const from = startOfZoneDay(new Date(today.getTime() - 12 * HOUR_MS), zone);
  const to = startOfZoneDay(new Date(today.getTime() + 3 * 24 * HOUR_MS + 12 * HOUR_MS), zone);
  return { from: from.toISOString(), to: to.toISOString() };
}

/** The next full hour after `now` (a new order's planned start), as an instant. */
export function nextFullHour(now: Date): string {
  const d = new Date(now);
  d.setUTCMinutes(0, 0, 0);
  d.setUTCHours(d.getUTCHours() + 1);
  return d.toISOString();
}
