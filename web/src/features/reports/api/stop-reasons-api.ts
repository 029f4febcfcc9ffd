/**
 * The stop reasons of a line (`GET /api/stopreasons?lineId=…`, readable by every role) and the
 * reason a supervisor gives a stop afterwards (`POST /api/reports/stoptimereport/assignreason`,
 * REPORTS_UPDATE): saved, it refreshes the stop-time report (its stops, totals and Pareto).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap, type Schema } from '@/lib/api-client';
import { REPORT_PATHS, type Stop } from './report-types';

export type StopReason = Schema<'StopTimeReasonRecord'>;
export type AssignReason = Schema<'AssignReason'>;

export const stopReasonKeys = {
  line: (lineId: string) => ['reports', 'stopreasons', lineId] as const,
};

/** The reasons a stop of `lineId` may be given (null: none asked yet). */
export function useStopReasons(lineId: string | null) {
  return useQuery<StopReason[]>({
    queryKey: stopReasonKeys.line(lineId ?? ''),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/stopreasons', { params: { query: { lineId: lineId! } }, signal })).then((r) => r.data ?? []),
    enabled: Boolean(lineId),
    staleTime: 5 * 60_000,
  });
}

/** Gives a stop its reason; answers the stop as the report now shows it, and the server's message. */
export function useAssignReason() {
  const client = useQueryClient();
  return useMutation<{ data: Stop; message?: string }, Error, AssignReason>({
    mutationFn: (body) => unwrap(apiClient.POST('/api/reports/stoptimereport/assignreason', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: ['reports', REPORT_PATHS.stops] }),
  });
}
