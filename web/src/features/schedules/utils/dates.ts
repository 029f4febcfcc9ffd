/**
 * The schedules' dates: the list's range without one in the URL and a new order's planned
 * start. The datetime-local conversions are the app's shared ones (`@/lib/dates`), named here
 * too for the schedule screens that read them from this module.
 */
import { toLocalInput } from '@/lib/dates';

export { fromLocalInput, toLocalInput } from '@/lib/dates';

/** The list's range without one in the URL: from yesterday's start to the end of the day after tomorrow. */
export function fallbackRange(now: Date): { from: string; to: string } {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const from = new Date(day);
  from.setDate(day.getDate() - 1);
  const to = new Date(day);
  to.setDate(day.getDate() + 3);
  return { from: from.toISOString(), to: to.toISOString() };
}

/** The next full hour after `now`, as a datetime-local value (a new order's planned start). */
export function nextFullHour(now: Date): string {
  const d = new Date(now);
  d.setMinutes(0, 0, 0);
  d.setHours(d.getHours() + 1);
  return toLocalInput(d.toISOString());
}
