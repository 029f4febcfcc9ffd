/**
 * The schedules' dates: the list's range without one in the URL and a new order's planned
 * start (an instant; the pickers show it in plant time).
 */

/** The list's range without one in the URL: from yesterday's start to the end of the day after tomorrow. */
export function fallbackRange(now: Date): { from: string; to: string } {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const from = new Date(day);
  from.setDate(day.getDate() - 1);
  const to = new Date(day);
  to.setDate(day.getDate() + 3);
  return { from: from.toISOString(), to: to.toISOString() };
}

/** The next full hour after `now` (a new order's planned start), as an instant. */
export function nextFullHour(now: Date): string {
  const d = new Date(now);
  d.setUTCMinutes(0, 0, 0);
  d.setUTCHours(d.getUTCHours() + 1);
  return d.toISOString();
}
