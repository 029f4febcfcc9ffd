/**
 * Dates of the reports: the fallback range, the local start of a time bucket as the api keys it
 * (`2026-11-23T06:00:00`, hours with their offset), which names the line's own calendar day or
 * hour whatever the browser's zone, and the files' stamps. The range inputs convert with the
 * shared `@/lib/dates`.
 */
import { toLocalInput } from '@/lib/dates';

/** From the start of today (browser's zone) to now: the range when the server gives none. */
export function todaySoFar(now: Date): { from: string; to: string } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return { from: start.toISOString(), to: now.toISOString() };
}

/** The wall time of a bucket key as a Date whose UTC fields are that wall time (format it in UTC). */
export function wallTime(key: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)/.exec(key);
  if (!m) return null;
  const d = new Date(`${m[1]}Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A file-name friendly stamp of an instant: `2026-11-23_0600` (browser's zone). */
export function fileStamp(iso: string): string {
  const local = toLocalInput(iso);
  return local ? local.replace('T', '_').replace(':', '') : 'range';
}
