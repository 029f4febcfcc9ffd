/**
 * The calls the batch and alarm screens make besides their reports: the report parameters of
 * the line(s) (the batch summary's "exceeded parameters" choice), and the alarm configuration
 * (`GET /api/reports/alarms/config`, readable with the reports; `PUT` for _SUPER and ADMIN),
 * whose saving refreshes every alarm list.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap, type Schema } from '@/lib/api-client';
import { REPORT_PATHS } from '../api/report-types';
import { ALL_LINES } from './filters';

export type ReportParameter = Schema<'ReportParameterRecord'>;
export type AlarmConfig = Schema<'AlarmConfig'>;

export const batchKeys = {
  parameters: (lineId: string) => ['reports', 'options', 'reportparameters', lineId] as const,
  alarmConfig: ['reports', 'alarms', 'config'] as const,
};

/** The report parameters of a line, or of every line (`ALL`). */
export function useReportParameters(lineId: string, enabled = true) {
  const one = lineId && lineId !== ALL_LINES ? lineId : undefined;
  return useQuery<ReportParameter[]>({
    queryKey: batchKeys.parameters(lineId),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/reportparameters', { params: { query: { lineId: one } }, signal })).then((r) => r.data ?? []),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** Every alarm code's configuration. */
export function useAlarmConfig() {
  return useQuery<AlarmConfig[]>({
    queryKey: batchKeys.alarmConfig,
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/reports/alarms/config', { signal })).then((r) => r.data ?? []),
    staleTime: 60_000,
  });
}

/** Saves an alarm code's configuration; the configuration and the alarm lists are asked again. */
export function useSaveAlarmConfig() {
  const client = useQueryClient();
  return useMutation<{ data: AlarmConfig; message?: string }, Error, AlarmConfig>({
    mutationFn: (body) => unwrap(apiClient.PUT('/api/reports/alarms/config', { body })),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: batchKeys.alarmConfig }),
        client.invalidateQueries({ queryKey: ['reports', REPORT_PATHS.alarms] }),
        client.invalidateQueries({ queryKey: ['reports', REPORT_PATHS.batchAlarms] }),
      ]),
  });
}
