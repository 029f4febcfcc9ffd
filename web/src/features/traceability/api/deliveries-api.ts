/**
 * Deliveries over the api (issue 33): the paged list, one delivery, add, edit, delete, and a
 * delivery traced back to its batches and lots. Every change invalidates the deliveries and the
 * traces (a lot's trace names its deliveries).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { lotKeys } from './lots-api';
import { paged } from '@/lib/paged';
import { ALL_LINES, PAGE_SIZE, type DeliveryInput } from './trace-types';

export interface DeliveryQuery {
  lineId: string;
  customerId: string | null;
  deliveryNumber: string;
  from: string | null;
  to: string | null;
  page: number;
}

export const deliveryKeys = {
  all: ['deliveries'] as const,
  list: (q: DeliveryQuery) => ['deliveries', 'list', q] as const,
  one: (id: string) => ['deliveries', 'one', id] as const,
  trace: (id: string) => ['trace', 'delivery', id] as const,
};

export function useDeliveries(q: DeliveryQuery | null) {
  return useQuery({
    queryKey: q ? deliveryKeys.list(q) : ['deliveries', 'list', 'none'],
    queryFn: ({ signal }) =>
      paged(
        apiClient.GET('/api/deliveries', {
          params: {
            query: {
              lineId: q!.lineId === ALL_LINES ? undefined : q!.lineId,
              customerId: q!.customerId ?? undefined,
              deliveryNumber: q!.deliveryNumber.trim() || undefined,
              fromDateTime: q!.from ?? undefined,
              toDateTime: q!.to ?? undefined,
              page: String(q!.page),
              limit: String(PAGE_SIZE),
            },
          },
          signal,
        }),
      ),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });
}

const fetchDelivery = (id: string, signal?: AbortSignal) =>
  unwrap(apiClient.GET('/api/deliveries/{id}', { params: { path: { id } }, signal })).then((r) => r.data);

export function useDelivery(id: string | null | undefined) {
  return useQuery({ queryKey: deliveryKeys.one(id ?? ''), queryFn: ({ signal }) => fetchDelivery(id!, signal), enabled: Boolean(id) });
}

/** The delivery with the lots in it (each batch's share of each lot × what was loaded). */
export function useDeliveryTrace(id: string | null | undefined) {
  return useQuery({
    queryKey: deliveryKeys.trace(id ?? ''),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/trace/delivery/{id}', { params: { path: { id: id! } }, signal })).then((r) => r.data),
    enabled: Boolean(id),
  });
}

function useDeliveryMutation<TIn, TOut>(fn: (input: TIn) => Promise<TOut>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: deliveryKeys.all }),
        client.invalidateQueries({ queryKey: ['trace'] }),
        client.invalidateQueries({ queryKey: lotKeys.all }),
        client.invalidateQueries({ queryKey: ['trace-refs', 'deliverables'] }),
      ]),
  });
}

/** Adds a delivery (no `id`) or changes one. */
export const useSaveDelivery = () =>
  useDeliveryMutation(({ id, body }: { id?: string; body: DeliveryInput }) =>
    id ? unwrap(apiClient.POST('/api/deliveries/edit/{id}', { params: { path: { id } }, body })) : unwrap(apiClient.POST('/api/deliveries/add', { body })),
  );
export const useDeleteDelivery = () => useDeliveryMutation((id: string) => unwrap(apiClient.POST('/api/deliveries/delete', { body: { id } })));
