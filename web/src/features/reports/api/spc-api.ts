/**
 * The SPC screens' calls besides the chart itself (which goes through `useReport`): the saved
 * parameter sets of a line (`/api/reports/spc/parameters` for the batch graph, REPORTS_ to read
 * and REPORTS_UPDATE to change; `/api/reports/spc/consumptionparameters` for the consumption
 * graph, _SUPER and ADMIN), and the pickers' options: the line's materials, its report
 * parameters. The material directory is closed to users holding only REPORTS_ privileges: for
 * them the materials are those weighed on the line in the range (the consumption report).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, apiClient, query, unwrap, type Schema } from '@/lib/api-client';
import { fetchReport } from './reports-api';
import { REPORT_PATHS } from './report-types';

export type SpcChart = Schema<'SpcChart'>;
export type SpcPoint = Schema<'SpcPoint'>;
export type SpcSet = Schema<'SpcSet'>;
export type KeptViolation = Schema<'KeptViolation'>;
export type SpcRule = Schema<'SpcRule'>;

/** Which SPC graph: the batch graph (dosing error, report parameter) or the consumption graph. */
export type SpcKind = 'batch' | 'consumption';

export const SET_PATHS: Record<SpcKind, string> = {
  batch: '/api/reports/spc/parameters',
  consumption: '/api/reports/spc/consumptionparameters',
};

const STALE = 5 * 60_000;

export const spcKeys = {
  sets: (kind: SpcKind, lineId: string) => ['reports', 'spc', 'sets', kind, lineId] as const,
  materials: (lineId: string, from: string, to: string) => ['reports', 'spc', 'materials', lineId, from, to] as const,
  parameters: (lineId: string) => ['reports', 'spc', 'parameters', lineId] as const,
};

/** The saved sets of a line (null: no line chosen, nothing asked). */
export function useSpcSets(kind: SpcKind, lineId: string | null) {
  return useQuery<SpcSet[]>({
    queryKey: spcKeys.sets(kind, lineId ?? ''),
    queryFn: ({ signal }) => api.get<SpcSet[]>(`${SET_PATHS[kind]}${query({ lineId })}`, signal).then((r) => r.data ?? []),
    enabled: Boolean(lineId),
  });
}

/** Saves a set: a new one (POST) without `_id`, else a change of that set (PUT). */
export function useSaveSpcSet(kind: SpcKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ _id, ...body }: SpcSet) =>
      (_id ? api.put<SpcSet>(`${SET_PATHS[kind]}/${encodeURIComponent(_id)}`, body) : api.post<SpcSet>(SET_PATHS[kind], body)).then((r) => r.data),
    onSuccess: (saved) => client.invalidateQueries({ queryKey: spcKeys.sets(kind, saved.lineId) }),
  });
}

/** Deletes a set (its kept violations stay with the report). */
export function useDeleteSpcSet(kind: SpcKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (set: SpcSet) => api.delete<string>(`${SET_PATHS[kind]}/${encodeURIComponent(set._id ?? '')}`),
    onSuccess: (_answer, set) => client.invalidateQueries({ queryKey: spcKeys.sets(kind, set.lineId) }),
  });
}

/** A material or report parameter as a picker offers it. */
export interface CodeOption {
  code: string;
  name: string;
  unit?: string | null;
}

/** The materials of the line's directory; without access to it, those weighed in the range. */
export function useSpcMaterials(lineId: string | null, from: string, to: string) {
  return useQuery<CodeOption[]>({
    queryKey: spcKeys.materials(lineId ?? '', from, to),
    queryFn: async ({ signal }) => {
      try {
        const r = await unwrap(apiClient.GET('/api/materialdirectory', { params: { query: { lineId: lineId! } }, signal }));
        return (r.data ?? []).map((m) => ({ code: m.code, name: m.name }));
      } catch (e) {
        if (!(e instanceof ApiError) || e.status !== 403) throw e;
        const weighed = await fetchReport(REPORT_PATHS.grouped, { lineId: lineId!, fromDateTime: from, toDateTime: to, groupBy: 'material' }, signal);
        return weighed.rows.map((r) => ({ code: r.code ?? r.key, name: r.name ?? '' }));
      }
    },
    enabled: Boolean(lineId && from && to),
    staleTime: STALE,
  });
}

/** The report parameters of the line (a batch's process values with their limits). */
export function useSpcParameters(lineId: string | null, enabled: boolean) {
  return useQuery<CodeOption[]>({
    queryKey: spcKeys.parameters(lineId ?? ''),
    queryFn: ({ signal }) =>
      unwrap(apiClient.GET('/api/reportparameters', { params: { query: { lineId: lineId! } }, signal })).then((r) =>
        (r.data ?? []).map((p) => ({ code: p.code, name: p.name, unit: p.unit })),
      ),
    enabled: enabled && Boolean(lineId),
    staleTime: STALE,
  });
}
