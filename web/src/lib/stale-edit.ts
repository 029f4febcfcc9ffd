/**
 * Edits that started from an older record (decision 97). An edit sends back the `updatedAt` of
 * the record as its form opened it; when someone saved the record since, the api answers 409
 * with the field error `updatedAt` naming who and when. The form then keeps the user's input and
 * offers to compare it with the saved record, to reload the saved record, or to save over it.
 */
import { ApiError } from './api-client';

/** The body field that names the version an edit started from. */
export const STARTED_FROM = 'updatedAt';

/** Whether `e` is the 409 of an edit that started from an older record. */
export function isStaleEdit(e: unknown): e is ApiError {
  return e instanceof ApiError && e.status === 409 && typeof e.body?.errors?.[STARTED_FROM] === 'string';
}

/** The server's sentence: who saved, when (plant time), and what to do. */
export function staleMessage(e: ApiError): string {
  return e.body?.errors?.[STARTED_FROM] ?? e.message;
}

/** One field where the user's input and the saved record differ, as text. */
export interface Difference {
  key: string;
  label: string;
  mine: string;
  theirs: string;
}

/** The rows whose two texts differ (the fields both left alone drop out). */
export function differences(rows: Difference[]): Difference[] {
  return rows.filter((r) => r.mine.trim() !== r.theirs.trim());
}
