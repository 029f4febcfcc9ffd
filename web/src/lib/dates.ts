/**
 * Dates and durations the screens share. Date-time inputs (`<input type="datetime-local">`)
 * speak local wall time without a zone ("2026-11-23T06:00"), the api RFC 3339; durations come
 * from the api in seconds and read as h:mm:ss.
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

/** Seconds as h:mm:ss (`3725.4` → `1:02:05`; hours grow past 24); '' for no number. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const sign = seconds < 0 ? '-' : '';
  const whole = Math.round(Math.abs(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  return `${sign}${h}:${pad(m)}:${pad(whole % 60)}`;
}
