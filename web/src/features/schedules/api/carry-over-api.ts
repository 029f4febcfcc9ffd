/** A line's carry-over matrix and flush, and the materials the flush may be made of. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import type { CarryOverSettings } from './schedule-types';
import { scheduleKeys } from './schedules-api';

/** The matrix of `lineId` (the default until one is saved) with its flush material and quantity. */
export function useCarryOver(lineId: string | null) {
  return useQuery({
    queryKey: scheduleKeys.carryOver(lineId ?? ''),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/productionschedules/carryover', { params: { query: { lineId: lineId! } }, signal })).then((r) => r.data),
    enabled: Boolean(lineId),
    staleTime: 0,
  });
}

/** The material directory of a line. */
export function useLineMaterials(lineId: string | null) {
  return useQuery({
    queryKey: scheduleKeys.materials(lineId ?? ''),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/materialdirectory', { params: { query: { lineId: lineId! } }, signal })).then((r) => r.data ?? []),
    enabled: Boolean(lineId),
  });
}

/** Saves a line's matrix and flush; the list's risks change with it. */
export function useSaveCarryOver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, body }: { lineId: string; body: CarryOverSettings }) =>
      unwrap(apiClient.POST('/api/productionschedules/carryover/edit/{lineId}', { params: { path: { lineId } }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}
