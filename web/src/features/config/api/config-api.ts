/**
 * Configuration entities over the api: the descriptors (once per session) and, per entity, one
 * hook per call, keys from one factory; mutations invalidate the entity's lists and records.
 */
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, request, unwrap } from '@/lib/api-client';
import { refreshLines } from '@/lib/lines';
import { addCall, deleteCall, editCall, getCall, listCall, type Call } from './config-paths';
import type { ConfigRecord, EntityDescriptor } from './config-types';

export const configKeys = {
  all: ['config'] as const,
  descriptors: ['config', 'descriptors'] as const,
  entity: (key: string) => ['config', 'entity', key] as const,
  list: (key: string, lineId: string | null, filters: Record<string, string> = {}) =>
    ['config', 'entity', key, 'list', lineId, filters] as const,
  detail: (key: string, id: string) => ['config', 'entity', key, 'detail', id] as const,
};

/** Sends a call through the one API client; answers its envelope (data and message). */
const send = <T>(call: Call, signal?: AbortSignal) => request<T>(call.method, call.path, { body: call.body, signal });

/**
 * Every descriptor; they change only with a new api build, so they are kept for the session.
 * The api's document leaves `fields` and `routes` loose; config-types.ts types them.
 */
export function useDescriptors() {
  return useQuery({
    queryKey: configKeys.descriptors,
    queryFn: ({ signal }) =>
      unwrap(apiClient.GET('/api/config/entities', { signal })).then((r) => (r.data ?? []) as unknown as EntityDescriptor[]),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** The descriptor of one entity (undefined while loading or when the api has none of that key). */
export function useDescriptor(key: string) {
  const all = useDescriptors();
  return { ...all, descriptor: all.data?.find((d) => d.key === key) };
}

function listOptions(d: EntityDescriptor | undefined, lineId: string | null, filters: Record<string, string> = {}) {
  const key = d?.key ?? '';
  return {
    queryKey: configKeys.list(key, d?.scoped ? lineId : null, filters),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      send<ConfigRecord[]>(listCall(d!, lineId, filters), signal).then((r) => (Array.isArray(r.data) ? r.data : [])),
    enabled: d !== undefined && (!d.scoped || Boolean(lineId)),
  };
}

/** The records of an entity on a line (all of them for unscoped entities). */
export function useRecords(d: EntityDescriptor | undefined, lineId: string | null, filters: Record<string, string> = {}) {
  return useQuery({ ...listOptions(d, lineId, filters), placeholderData: keepPreviousData });
}

/** The records of several entities on one line, by entity key (referenced records for labels). */
export function useRecordsOf(descriptors: EntityDescriptor[], lineId: string | null) {
  return useQueries({
    queries: descriptors.map((d) => listOptions(d, lineId)),
    combine: (results) => {
      const byEntity: Record<string, ConfigRecord[]> = {};
      results.forEach((r, i) => {
        if (r.data) byEntity[descriptors[i].key] = r.data;
      });
      return { byEntity, pending: results.some((r) => r.isPending && r.fetchStatus !== 'idle') };
    },
  });
}

export function useRecord(d: EntityDescriptor | undefined, id: string) {
  return useQuery({
    queryKey: configKeys.detail(d?.key ?? '', id),
    queryFn: ({ signal }) => send<ConfigRecord>(getCall(d!, id), signal).then((r) => r.data),
    enabled: d !== undefined && id !== '',
  });
}

function useInvalidating<TIn>(d: EntityDescriptor | undefined, fn: (d: EntityDescriptor, input: TIn) => Call) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TIn) => send<ConfigRecord | null>(fn(d!, input)),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: configKeys.entity(d?.key ?? '') }),
        // The line selectors read the lines cache: keep it in step with the lines themselves.
        d?.key === 'lines' ? refreshLines().catch(() => undefined) : undefined,
      ]),
  });
}

export const useAddRecord = (d: EntityDescriptor | undefined) =>
  useInvalidating(d, (desc, record: Record<string, unknown>) => addCall(desc, record));
export const useEditRecord = (d: EntityDescriptor | undefined) =>
  useInvalidating(d, (desc, input: { id: string; record: Record<string, unknown> }) => editCall(desc, input.id, input.record));
export const useDeleteRecord = (d: EntityDescriptor | undefined) =>
  useInvalidating(d, (desc, id: string) => deleteCall(desc, id));
