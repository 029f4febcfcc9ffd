/**
 * Import and copy of configuration records over the api (`api/src/plant/import.rs`): the
 * sample workbook, validate and import of a file (sent as the raw body, with upload progress)
 * and the line-to-line copy.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { configKeys } from '@/features/config/api/config-api';
import { apiClient, download, query, unwrap, upload, type Envelope, type OkData, type Schema } from '@/lib/api-client';

/** One problem of an import file; `row` as in the spreadsheet (the header is row 1). */
export type RowError = Schema<'RowError'>;
/** What validate and import answer. */
export type ImportReport = OkData<'/api/importparameter', 'post'>;
/** What a copy answers: the codes copied, and those the target line already had. */
export type CopyReport = OkData<'/api/copyparameter', 'post'>;
/** A copy request, every field given (the api's `CopyRequest` marks them optional). */
export type CopyInput = { [K in keyof Schema<'CopyRequest'>]-?: NonNullable<Schema<'CopyRequest'>[K]> };

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
    mutationFn: (input: CopyInput) => unwrap(apiClient.POST('/api/copyparameter', { body: input })),
    onSuccess: (_r, input) => client.invalidateQueries({ queryKey: configKeys.entity(input.type) }),
  });
}
