/**
 * The recall report's files, drawn by the server (PDF, CSV, XLSX) in the requester's language
 * (the api client sends the saved locale as `Accept-language`), downloaded with progress and
 * offered as `Recall_<lot>_<date>.<ext>`.
 */
import { useState } from 'react';
import { saveBlob } from '@/lib/api-client';
import { toZoneInput } from '@/lib/plant-time';
import { useErrorNotice } from '@/lib/use-error-notice';
import { recallFile, type RecallKind } from '../api/trace-api';

/** `Recall_M-2211_2026-11-23_0600.pdf`: the title and lot, and when it was made in plant time. */
export function recallFileName(title: string, lotNumber: string, now: Date, zone: string, ext: string): string {
  const base = `${title} ${lotNumber}`.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '');
  const stamp = toZoneInput(now, zone).replace('T', '_').replace(':', '');
  return `${base || 'recall'}_${stamp}.${ext}`;
}

export function useRecallExport(lot: { _id: string; lotNumber: string } | null, zone: string, title: string) {
  const showError = useErrorNotice();
  const [busy, setBusy] = useState<RecallKind | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const run = async (kind: RecallKind) => {
    if (!lot || busy) return;
    setBusy(kind);
    setProgress(null);
    try {
      const blob = await recallFile(kind, lot._id, setProgress);
      saveBlob(blob, recallFileName(title, lot.lotNumber, new Date(), zone, kind));
    } catch (e) {
      showError(e);
    } finally {
      setBusy(null);
    }
  };

  return { busy, progress, run };
}
