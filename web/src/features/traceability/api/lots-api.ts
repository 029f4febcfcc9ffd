/**
 * Lots over the api (issue 33): the paged list, one lot, goods-in, changes, the status moved
 * with its reason, a fill into a bin, and the lot's forward trace. One hook per call, keys from
 * one factory; every change invalidates the lots and the traces (a fill or a move changes them).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { paged } from '@/lib/paged';
import { ALL_LINES, PAGE_SIZE, type BinFill, type LotInput, type LotStatusChange } from './trace-types';

/** The list's filters as the api takes them (empty: not filtered). */
export interface LotQuery {
  lineId: string;
  materialId: string | null;
  supplierId: string | null;
  status: string | null;
  lotNumber: string;
  from: string | null;
  to: string | null;
  page: number;
  limit?: number;
}

export const lotKeys = {
  all: ['lots'] as const,
  list: (q: LotQuery) => ['lots', 'list', q] as const,
  one: (id: string) => ['lots', 'one', id] as const,
  trace: (id: string) => ['lots', 'trace', id] as const,
};

/** The api's query of a list filter. */
export const lotParams = (q: LotQuery) => ({
  lineId: q.lineId === ALL_LINES ? undefined : q.lineId,
  materialId: q.materialId ?? undefined,
  supplierId: q.supplierId ?? undefined,
  status: q.status ?? undefined,
  lotNumber: q.lotNumber.trim() || undefined,
  fromDateTime: q.from ?? undefined,
  toDateTime: q.to ?? undefined,
  page: String(q.page),
  limit: String(q.limit ?? PAGE_SIZE),
});

/** A page of lots (null: not asked, e.g. while a range runs backwards). */
export function useLots(q: LotQuery | null) {
  return useQuery({
    queryKey: q ? lotKeys.list(q) : ['lots', 'list', 'none'],
    queryFn: ({ signal }) => paged(apiClient.GET('/api/lots', { params: { query: lotParams(q!) }, signal })),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });
}

export function useLot(id: string | null | undefined) {
  return useQuery({
    queryKey: lotKeys.one(id ?? ''),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/lots/{id}', { params: { path: { id: id! } }, signal })).then((r) => r.data),
    enabled: Boolean(id),
  });
}

/** Where a lot went: bins, batches, orders, deliveries and customers, with its mass balance. */
export function useLotTrace(id: string | null | undefined) {
  return useQuery({
    queryKey: lotKeys.trace(id ?? ''),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/trace/lot/{id}', { params: { path: { id: id! } }, signal })).then((r) => r.data),
    enabled: Boolean(id),
  });
}

function useLotMutation<TIn, TOut>(fn: (input: TIn) => Promise<TOut>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: lotKeys.all }), client.invalidateQueries({ queryKey: ['trace'] })]),
  });
}

export const useCreateLot = () => useLotMutation((body: LotInput) => unwrap(apiClient.POST('/api/lots/add', { body })));
export const useEditLot = () =>
  useLotMutation(({ id, body }: { id: string; body: LotInput }) => unwrap(apiClient.POST('/api/lots/edit/{id}', { params: { path: { id } }, body })));
export const useDeleteLot = () => useLotMutation((id: string) => unwrap(apiClient.POST('/api/lots/delete', { body: { id } })));
export const useLotStatus = () =>
  useLotMutation(({ id, body }: { id: string; body: LotStatusChange }) =>
    unwrap(apiClient.POST('/api/lots/status/{id}', { params: { path: { id } }, body })),
  );
/** Puts kilograms of a lot into a bin (published as the bin's FILL; ingest stores it). */
export const useFillBin = () => useLotMutation((body: BinFill) => unwrap(apiClient.POST('/api/bins/fill', { body })));
