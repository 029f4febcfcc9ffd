/**
 * Import and copy of configuration records over the api (`api/src/plant/import.rs`): the
 * sample workbook, validate and import of a file (sent as the raw body, with upload progress)
 * and the line-to-line copy.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { configKeys } from '@/features/config/api/config-api';
import { api, download, query, upload, type Envelope } from '@/lib/api-client';

/** One problem of an import file; `row` as in the spreadsheet (the header is row 1). */
export interface RowError {
  row: number;
  column: string;
  message: string;
}

/** What validate and import answer. */
export interface ImportReport {
  type: string;
  /** Data rows in the file. */
  rows: number;
  valid: boolean;
  /** Rows written (import only). */
  created: number;
  errors: RowError[];
}

export interface CopyReport {
  /** Codes copied to the target line. */
  copied: string[];
  /** Codes the target line already had (left as they were). */
  skipped: string[];
}

export interface CopyInput {
  type: string;
  fromLineId: string;
  toLineId: string;
}

/** The sample workbook of `type` (headers, an example row and a help sheet). */
export function sampleFile(type: string, onProgress: (fraction: number | null) => void): Promise<Blob> {
  return download(`/api/getsamplefile${query({ type })}`, onProgress);
}

export type UploadMode = 'validate' | 'import';

/**
 * Sends a file to validate (nothing written) or import (all rows or none); after an import the
 * entity's cached lists are refreshed.
 */
export function useUploadFile() {
  const client = useQueryClient();
  return async (
    mode: UploadMode,
    input: { type: string; lineId: string; file: Blob },
    onProgress: (fraction: number) => void,
  ): Promise<Envelope<ImportReport>> => {
    const path = mode === 'validate' ? '/api/importparameter/validate' : '/api/importparameter';
    const env = await upload<ImportReport>(`${path}${query({ type: input.type, lineId: input.lineId })}`, input.file, onProgress);
    if (mode === 'import') void client.invalidateQueries({ queryKey: configKeys.entity(input.type) });
    return env;
  };
}

/** Copies one type's records between lines; the entity's cached lists are refreshed. */
export function useCopyParameters() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CopyInput) => api.post<CopyReport>('/api/copyparameter', input),
    onSuccess: (_r, input) => client.invalidateQueries({ queryKey: configKeys.entity(input.type) }),
  });
}
