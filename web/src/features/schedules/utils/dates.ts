/**
 * Date-time inputs (`<input type="datetime-local">`) speak local wall time without a zone
 * ("2026-11-23T06:00"); the api speaks RFC 3339. These convert between the two.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the value of a datetime-local input, in the browser's zone; '' when invalid. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as RFC 3339 (UTC); null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value.trim())) return null;
  const d = new Date(value.trim());
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

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
