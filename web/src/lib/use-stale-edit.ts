/**
 * The version an edit form started from and, after the api refused the edit because someone
 * saved the record meanwhile, what it refused (decision 97). Every edit form keeps this the same
 * way: each save sends `begin()`'s version; `refused()` recognises the 409 and keeps the
 * sentence and the input for `StaleEditAlert`; `startFrom()` moves the version on after a save
 * of ours, or to save over theirs.
 */
import { useRef, useState } from 'react';
import { isStaleEdit, staleMessage } from './stale-edit';

/** What the api refused: its sentence (who saved, when), the version the edit started from, its input. */
export interface StaleRefusal<I> {
  message: string;
  from: string | null | undefined;
  input: I;
}

export function useStaleEdit<I = undefined>(opened: string | null | undefined) {
  const startedFrom = useRef(opened);
  const [stale, setStale] = useState<StaleRefusal<I> | null>(null);
  return {
    /** The refusal the alert shows, if any. */
    stale,
    /** A save begins: the version it sends; the last refusal's alert goes. */
    begin: () => {
      setStale(null);
      return startedFrom.current;
    },
    /** A save started from `from` failed: true, with the alert shown, when it was refused as stale. */
    refused: (error: unknown, from: string | null | undefined, input: I) => {
      if (!isStaleEdit(error)) return false;
      setStale({ message: staleMessage(error), from, input });
      return true;
    },
    /** Whether the record as read now (`savedAt`) is not the version refused: the comparison can show. */
    newer: (savedAt: string | null | undefined) => stale !== null && savedAt !== stale.from,
    /** The next save starts from `savedAt`: after a save of ours, or to save over theirs. */
    startFrom: (savedAt: string | null | undefined) => {
      startedFrom.current = savedAt;
    },
  };
}
