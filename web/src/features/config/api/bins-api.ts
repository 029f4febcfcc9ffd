/** Bin assignment (§7): the bins of a line with their scale, and setting each bin's material. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, query } from '@/lib/api-client';
import { configKeys } from './config-api';
import type { ConfigRecord } from './config-types';

export interface BinWithScale extends ConfigRecord {
  scale?: { _id: string; name?: string; code?: string; type?: string } | null;
}

export interface BinMaterialInput {
  binId: string;
  materialId: string;
  priority?: number;
  lot?: string;
}

const binsKey = (lineId: string) => [...configKeys.entity('bins'), 'withScale', lineId] as const;

export function useBinsWithScale(lineId: string | null) {
  return useQuery({
    queryKey: binsKey(lineId ?? ''),
    queryFn: ({ signal }) =>
      api.get<BinWithScale[]>(`/api/binswithscale${query({ lineId })}`, signal).then((r) => (Array.isArray(r.data) ? r.data : [])),
    enabled: Boolean(lineId),
  });
}

/** Replaces the materials of each named bin; the bins' lists and records are fetched again. */
export function useAssignMaterials() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (binMaterials: BinMaterialInput[]) => api.post<unknown>('/api/bins/addmaterial', { binMaterials }),
    onSuccess: () => client.invalidateQueries({ queryKey: configKeys.entity('bins') }),
  });
}
