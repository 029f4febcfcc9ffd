/**
 * The dashboard's "Today" figures (§7 Dashboard, `POST /api/dashboard/<call>` with an empty body:
 * each line's own local today): production, states and top stop reasons per line, production
 * per shift, the utilisation of each shift, and each line's OEE so far. Any signed-in user may read them. One query per
 * call for every line, shared by the tiles, asked again every minute; the figures shown stay
 * while they are asked again.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type Schema } from '@/lib/api-client';

export type LineDetails = Schema<'LineDetails'>;
export type LineRows = Schema<'LineRows'>;
export type ShiftUtilization = Schema<'ShiftUtilization'>;
export type StateTimes = Schema<'StateTimes'>;
export type LineOee = Schema<'OeeRow'>;

/** How often the figures are asked again. */
export const TODAY_REFRESH_MS = 60_000;

export const todayKeys = {
  all: ['dashboard', 'today'] as const,
  details: () => [...todayKeys.all, 'details'] as const,
  shifts: () => [...todayKeys.all, 'shifts'] as const,
  utilization: () => [...todayKeys.all, 'utilization'] as const,
  oee: () => [...todayKeys.all, 'oee'] as const,
};

/** Each line's local today: no line, no range. */
const TODAY = {};

const refreshed = { refetchInterval: TODAY_REFRESH_MS, placeholderData: keepPreviousData, staleTime: TODAY_REFRESH_MS / 2 } as const;

/** Per line: batches and kilograms, state times, stop totals and the three longest stop reasons. */
export function useTodayDetails() {
  return useQuery<LineDetails[]>({
    queryKey: todayKeys.details(),
    queryFn: ({ signal }) => unwrap(apiClient.POST('/api/dashboard/reportdashboarddetails', { body: TODAY, signal })).then((r) => r.data ?? []),
    ...refreshed,
  });
}

/** Per line: production per shift occurrence (time outside shifts in a row of its own). */
export function useTodayByShifts() {
  return useQuery<LineRows[]>({
    queryKey: todayKeys.shifts(),
    queryFn: ({ signal }) => unwrap(apiClient.POST('/api/dashboard/reportdashboardbyshifts', { body: TODAY, signal })).then((r) => r.data ?? []),
    ...refreshed,
  });
}

/** Per line and shift occurrence: state times, output and kilograms per running hour. */
export function useTodayUtilization() {
  return useQuery<ShiftUtilization[]>({
    queryKey: todayKeys.utilization(),
    queryFn: ({ signal }) => unwrap(apiClient.POST('/api/dashboard/shiftwiseutilization', { body: TODAY, signal })).then((r) => r.data ?? []),
    ...refreshed,
  });
}

/** Per line: availability, performance, quality and OEE over its day so far (null: not measurable). */
export function useTodayOee() {
  return useQuery<LineOee[]>({
    queryKey: todayKeys.oee(),
    queryFn: ({ signal }) => unwrap(apiClient.POST('/api/dashboard/oee', { body: TODAY, signal })).then((r) => r.data ?? []),
    ...refreshed,
  });
}
