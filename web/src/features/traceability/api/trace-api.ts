/**
 * A batch traced back to its lots, and a lot's recall report drawn by the server (PDF, CSV,
 * XLSX), downloaded with progress in the requester's language (the api client sends the
 * saved locale as `Accept-language` with every call, downloads included).
 */
import { useQuery } from '@tanstack/react-query';
import { apiClient, download, unwrap } from '@/lib/api-client';

export const traceKeys = {
  all: ['trace'] as const,
  batch: (lineId: string, batchId: string) => ['trace', 'batch', lineId, batchId] as const,
};

/** The doses of a batch with their lots, the lots summed with their suppliers, and its deliveries. */
export function useBatchTrace(lineId: string | null | undefined, batchId: string | null | undefined) {
  return useQuery({
    queryKey: traceKeys.batch(lineId ?? '', batchId ?? ''),
    queryFn: ({ signal }) =>
      unwrap(apiClient.GET('/api/trace/batch/{lineId}/{batchId}', { params: { path: { lineId: lineId!, batchId: batchId! } }, signal })).then((r) => r.data),
    enabled: Boolean(lineId && batchId),
  });
}

export type RecallKind = 'pdf' | 'csv' | 'xlsx';

const RECALL_PATHS: Record<RecallKind, string> = {
  pdf: '/api/trace/recall/generatePdf',
  csv: '/api/trace/recall/generateCsv',
  xlsx: '/api/trace/recall/generateXlsx',
};

/** The recall report of a lot as a file; `onProgress` gets the share downloaded (null: size unknown). */
export function recallFile(kind: RecallKind, lotId: string, onProgress: (fraction: number | null) => void): Promise<Blob> {
  return download(RECALL_PATHS[kind], onProgress, { method: 'POST', body: { lotId } });
}
