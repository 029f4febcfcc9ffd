/**
 * A screen's file exports (a report's CSV, a recall's PDF, the audit trail's workbook): one at
 * a time, its progress 0–1 (null while the size is unknown), the file offered under its name,
 * and a failure shown as the server's message (a 400 saying the filters match too much).
 */
import { useState } from 'react';
import { saveBlob } from './api-client';
import { useErrorNotice } from './use-error-notice';

export interface FileExport<K extends string> {
  /** The kind being made, or null. */
  busy: K | null;
  progress: number | null;
  run: (kind: K) => Promise<void>;
}

/** `make` draws or downloads the file of a kind (telling its progress), `name` names it. */
export function useFileExport<K extends string>(make: (kind: K, onProgress: (fraction: number | null) => void) => Promise<Blob>, name: (kind: K) => string): FileExport<K> {
  const showError = useErrorNotice();
  const [busy, setBusy] = useState<K | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const run = async (kind: K) => {
    if (busy) return;
    setBusy(kind);
    setProgress(null);
    try {
      saveBlob(await make(kind, setProgress), name(kind));
    } catch (e) {
      showError(e);
    } finally {
      setBusy(null);
    }
  };

  return { busy, progress, run };
}
