/**
 * Dates of the reports: the fallback range, the local start of a time bucket as the api keys it
 * (`2026-11-23T06:00:00`, hours with their offset), which names the line's own calendar day or
 * hour whatever the browser's zone, and the files' stamps, in plant time (`@/lib/plant-time`).
 */
import { startOfZoneDay, UTC } from '@/lib/plant-time';

/** From the start of today in `zone` (with no line: UTC) to now: the range when the server gives none. */
export function todaySoFar(now: Date, zone = UTC): { from: string; to: string } {
  return { from: startOfZoneDay(now, zone).toISOString(), to: now.toISOString() };
}

/** The wall time of a bucket key as a Date whose UTC fields are that wall time (format it in UTC). */
export function wallTime(key: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)/.exec(key);
  if (!m) return null;
  const d = new Date(`${m[1]}Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A file-name friendly stamp of an instant: `2026-11-23_0600` (in `zone`, plant time). */
export { fileStamp } from '@/lib/file-name';
