/**
 * The batch reports' addresses (§2) and the batch summary's kept state (§3, §4): opening a
 * batch from the summary keeps the summary's filters and page (its search string) in local
 * storage as `stateValue`, flagged by `isStateAvilable`; the summary opened without filters
 * shows them again, and leaving batch details for any page but the summary forgets them.
 */
import { query } from '@/lib/query-string';
import { STORAGE } from '@/lib/storage-keys';

const BATCH = '/reporting/batch';

const seg = (v: string) => encodeURIComponent(v);

/** `?lineId=…` when the batch's line is known (two lines may share a batch number). */
const onLine = (lineId?: string | null) => query({ lineId: lineId ?? undefined });

export const batchPaths = {
  summary: `${BATCH}/batchsummary`,
  statistics: `${BATCH}/statistics`,
  details: (batchId: string, lineId?: string | null) => `${BATCH}/batchdetails/${seg(batchId)}${onLine(lineId)}`,
  alarms: (batchId: string, lineId?: string | null) => `${BATCH}/batchsummary/${seg(batchId)}/alarms${onLine(lineId)}`,
};

const lower = (path: string) => path.replace(/\/+$/, '').toLowerCase();

/** True for the batch summary's address (matched without regard to case, as the router does). */
export const isSummaryPath = (pathname: string) => lower(pathname) === batchPaths.summary.toLowerCase();

/** True for a batch details address. */
export const isDetailsPath = (pathname: string) => lower(pathname).startsWith(`${BATCH}/batchdetails/`.toLowerCase());

/** Keeps the summary's state (its search string, `?…`) as a batch is opened from it. */
export function keepSummaryState(search: string): void {
  localStorage.setItem(STORAGE.isStateAvailable, 'true');
  localStorage.setItem(STORAGE.stateValue, search);
}

/** The summary's kept search string (`?…`), or null when none is kept. */
export function keptSummaryState(): string | null {
  if (localStorage.getItem(STORAGE.isStateAvailable) !== 'true') return null;
  const value = localStorage.getItem(STORAGE.stateValue) ?? '';
  if (!value || value === '?') return null;
  return value.startsWith('?') ? value : `?${value}`;
}

/** Forgets the summary's state. */
export function forgetSummaryState(): void {
  localStorage.removeItem(STORAGE.isStateAvailable);
  localStorage.removeItem(STORAGE.stateValue);
}

/**
 * After batch details is left for `pathname`: the kept state stays for the summary (and for
 * another batch's details, or the same page mounted again), and is forgotten for any other page.
 */
export function leftBatchDetailsFor(pathname: string): void {
  if (isSummaryPath(pathname) || isDetailsPath(pathname)) return;
  forgetSummaryState();
}

/**
 * The range of a batch for the calls that need one (its PDFs): from its start to its end (now
 * while it runs), at least one second long.
 */
export function batchRange(batch: { startedAt?: string | null; endedAt?: string | null }, now = new Date()): { from: string; to: string } {
  const end = batch.endedAt ? new Date(batch.endedAt) : now;
  const start = batch.startedAt ? new Date(batch.startedAt) : end;
  const to = end.getTime() > start.getTime() ? end : new Date(start.getTime() + 1000);
  return { from: start.toISOString(), to: to.toISOString() };
}
