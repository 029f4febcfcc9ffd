/** Bin assignment (§7): the bins of a line with their scale, and setting each bin's material. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap, type OkData, type Schema } from '@/lib/api-client';
import { configKeys } from './config-api';

/** A bin with its scale (`scale: {_id, name, code, type}`), as `GET /api/binswithscale` answers. */
export type BinWithScale = OkData<'/api/binswithscale', 'get'>[number];

/**
 * One bin's material for `POST /api/bins/addmaterial`: the bin and one of its `binMaterials`
 * (the api's document gives that body's entries as bare objects; `BinRecord` types them).
 */
export type BinMaterialInput = { binId: string } & NonNullable<Schema<'BinRecord'>['binMaterials']>[number];

const binsKey = (lineId: string) => [...configKeys.entity('bins'), 'withScale', lineId] as const;

export function useBinsWithScale(lineId: string | null) {
  return useQuery({
    queryKey: binsKey(lineId ?? ''),
    queryFn: ({ signal }) =>
      unwrap(apiClient.GET('/api/binswithscale', { params: { query: { lineId: lineId ?? undefined } }, signal })).then((r) =>
        Array.isArray(r.data) ? r.data : [],
      ),
    enabled: Boolean(lineId),
  });
}

/** Replaces the materials of each named bin; the bins' lists and records are fetched again. */
export function useAssignMaterials() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (binMaterials: BinMaterialInput[]) => unwrap(apiClient.POST('/api/bins/addmaterial', { body: { binMaterials } })),
    onSuccess: () => client.invalidateQueries({ queryKey: configKeys.entity('bins') }),
  });
}
