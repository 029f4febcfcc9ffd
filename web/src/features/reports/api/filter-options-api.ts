/**
 * What the filter bar offers and starts with: the default range (`/api/shifts/defaultfromtodate`,
 * the current shift so far), the shifts of the line(s), the recipe versions produced or planned
 * in the range, the orders planned in it, and the bins and scales of the line(s) — all open to
 * REPORTS_* users.
 */
import { useQuery } from '@tanstack/react-query';
import { apiClient, unwrap, type Schema } from '@/lib/api-client';
import type { DefaultRange } from './report-types';

export type ShiftRecord = Schema<'ShiftRecord'>;
export type RecipeSeen = Schema<'RecipeSeenRecord'>;
export type OrderItem = Schema<'ScheduleListItem'>;
export type BinRecord = Schema<'BinRecord'>;
export type ScaleRecord = Schema<'ScaleRecord'>;

const STALE = 5 * 60_000;

export const optionKeys = {
  range: (lineId: string) => ['reports', 'options', 'range', lineId] as const,
  shifts: (lineId: string) => ['reports', 'options', 'shifts', lineId] as const,
  recipes: (lineId: string, from: string, to: string) => ['reports', 'options', 'recipes', lineId, from, to] as const,
  orders: (lineId: string, from: string, to: string) => ['reports', 'options', 'orders', lineId, from, to] as const,
  bins: (lineId: string) => ['reports', 'options', 'bins', lineId] as const,
  scales: (lineId: string) => ['reports', 'options', 'scales', lineId] as const,
};

/** The default range of a line (null: not to be asked). Asked once per visit, never cached for later. */
export function useDefaultRange(lineId: string | null) {
  return useQuery<DefaultRange>({
    queryKey: optionKeys.range(lineId ?? ''),
    queryFn: ({ signal }) =>
      unwrap(apiClient.GET('/api/shifts/defaultfromtodate', { params: { query: { lineId: lineId! } }, signal })).then((r) => r.data),
    enabled: lineId !== null,
    gcTime: 0,
    staleTime: 0,
  });
}

/** `undefined` for every line (the api's lists take no `ALL`). */
const one = (lineId: string) => (lineId && lineId !== 'ALL' ? lineId : undefined);

export function useShiftOptions(lineId: string, enabled: boolean) {
  return useQuery<ShiftRecord[]>({
    queryKey: optionKeys.shifts(lineId),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/shifts', { params: { query: { lineId: one(lineId) } }, signal })).then((r) => r.data ?? []),
    enabled,
    staleTime: STALE,
  });
}

export function useRecipeOptions(lineId: string, from: string, to: string, enabled: boolean) {
  return useQuery<RecipeSeen[]>({
    queryKey: optionKeys.recipes(lineId, from, to),
    queryFn: ({ signal }) =>
      unwrap(
        apiClient.GET('/api/getallrecipebylineandtime', { params: { query: { lineId: one(lineId), fromDateTime: from, toDateTime: to } }, signal }),
      ).then((r) => r.data ?? []),
    enabled: enabled && Boolean(from && to),
    staleTime: STALE,
  });
}

export function useOrderOptions(lineId: string, from: string, to: string, enabled: boolean) {
  return useQuery<OrderItem[]>({
    queryKey: optionKeys.orders(lineId, from, to),
    queryFn: ({ signal }) =>
      unwrap(apiClient.GET('/api/productionschedulelist', { params: { query: { lineId: one(lineId), fromDateTime: from, toDateTime: to } }, signal })).then(
        (r) => r.data ?? [],
      ),
    enabled: enabled && Boolean(from && to),
    staleTime: STALE,
  });
}

export function useBinOptions(lineId: string) {
  return useQuery<BinRecord[]>({
    queryKey: optionKeys.bins(lineId),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/bins', { params: { query: { lineId: one(lineId) } }, signal })).then((r) => r.data ?? []),
    staleTime: STALE,
  });
}

export function useScaleOptions(lineId: string) {
  return useQuery<ScaleRecord[]>({
    queryKey: optionKeys.scales(lineId),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/scales', { params: { query: { lineId: one(lineId) } }, signal })).then((r) => r.data ?? []),
    staleTime: STALE,
  });
}
