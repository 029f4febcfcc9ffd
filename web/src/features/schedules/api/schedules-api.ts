/**
 * Production orders over the api: one hook per call, keys from one factory; every change
 * invalidates the cached schedule queries. Lists and orders on the line's board are asked
 * again every 3 s, so progress moves as the plant runs.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import type { SignatureInput } from '@/lib/signatures';
import { anyOnBoard, LIVE_MS } from '../utils/status';
import { ALL_LINES, type ScheduleInput, type ScheduleRecord, type ScheduleStatus } from './schedule-types';

export interface ListQuery {
  lineId: string;
  statuses: ScheduleStatus[];
  from: string;
  to: string;
}

export const scheduleKeys = {
  all: ['schedules'] as const,
  list: (q: ListQuery) => ['schedules', 'list', q.lineId, q.statuses.join(','), q.from, q.to] as const,
  one: (id: string) => ['schedules', 'one', id] as const,
  statuses: ['schedules', 'statuses'] as const,
  carryOver: (lineId: string) => ['schedules', 'carryOver', lineId] as const,
  materials: (lineId: string) => ['schedules', 'materials', lineId] as const,
};

/** The orders matching `q` (null: not yet known), by line and sequence; polled while any is on the board. */
export function useSchedules(q: ListQuery | null) {
  return useQuery<ScheduleRecord[]>({
    queryKey: q ? scheduleKeys.list(q) : ['schedules', 'list', 'none'],
    queryFn: ({ signal }) =>
      unwrap(
        apiClient.GET('/api/productionschedules', {
          params: {
            query: {
              lineId: q!.lineId === ALL_LINES ? undefined : q!.lineId,
              status: q!.statuses.join(',') || undefined,
              fromDateTime: q!.from,
              toDateTime: q!.to,
            },
          },
          signal,
        }),
      ).then((r) => r.data ?? []),
    enabled: q !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (anyOnBoard(query.state.data) ? LIVE_MS : false),
  });
}

/** One order with its control recipe, produced batches and history; polled while on the board. */
export function useSchedule(id: string | undefined) {
  return useQuery<ScheduleRecord>({
    queryKey: scheduleKeys.one(id ?? ''),
    queryFn: ({ signal }) =>
      unwrap(apiClient.GET('/api/productionschedules/{id}', { params: { path: { id: id! } }, signal })).then((r) => r.data),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data?.onBoard ? LIVE_MS : false),
  });
}

/** The statuses with their names in the user's language. */
export function useStatuses() {
  return useQuery({
    queryKey: scheduleKeys.statuses,
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/productionschedules/statuses', { signal })).then((r) => r.data ?? []),
    staleTime: 5 * 60_000,
  });
}

function useScheduleMutation<TIn, TOut>(fn: (input: TIn) => Promise<TOut>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: scheduleKeys.all }) });
}

/** Adds an order (no `id`) or changes a planned one. */
export const useSaveSchedule = () =>
  useScheduleMutation(({ id, input }: { id?: string; input: ScheduleInput }) =>
    (id
      ? unwrap(apiClient.POST('/api/productionschedules/edit/{id}', { params: { path: { id } }, body: input }))
      : unwrap(apiClient.POST('/api/productionschedules/add', { body: input }))
    ).then((r) => ({ data: r.data, message: r.message })),
  );

/** Moves an order to `status` (a move of its `transitions`); releasing a medicated order takes the releaser's signature. */
export const useChangeStatus = () =>
  useScheduleMutation(({ id, status, signature }: { id: string; status: ScheduleStatus; signature?: SignatureInput }) =>
    unwrap(apiClient.POST('/api/productionschedules/status/{id}', { params: { path: { id } }, body: signature ? { status, signature } : { status } })).then((r) => ({
      data: r.data,
      message: r.message,
    })),
  );

/** Places a flush right before the order `beforeId`. */
export const useInsertFlush = () =>
  useScheduleMutation((beforeId: string) =>
    unwrap(apiClient.POST('/api/productionschedules/flush', { body: { beforeId } })).then((r) => ({ data: r.data, message: r.message })),
  );

export const useDeleteSchedule = () =>
  useScheduleMutation((input: { id: string; deletedBy: string }) => unwrap(apiClient.POST('/api/productionschedules/delete', { body: input })));
