/**
 * The recall report's files, drawn by the server (PDF, CSV, XLSX) in the requester's language
 * (the api client sends the saved locale as `Accept-language`), downloaded with progress and
 * offered as `Recall_<lot>_<date>.<ext>`.
 */
import { fileName, fileStamp } from '@/lib/file-name';
import { useFileExport } from '@/lib/use-file-export';
import { recallFile, type RecallKind } from '../api/trace-api';

/** `Recall_M-2211_2026-11-23_0600.pdf`: the title and lot, and when it was made in plant time. */
export const recallFileName = (title: string, lotNumber: string, now: Date, zone: string, ext: string): string =>
  fileName(`${title} ${lotNumber}`, fileStamp(now, zone), ext, 'recall');

export function useRecallExport(lot: { _id: string; lotNumber: string }, zone: string, title: string) {
  return useFileExport<RecallKind>(
    (kind, onProgress) => recallFile(kind, lot._id, onProgress),
    (kind) => recallFileName(title, lot.lotNumber, new Date(), zone, kind),
  );
}
