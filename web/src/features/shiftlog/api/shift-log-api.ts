/**
 * The shift log over the api (issue 34, item 4): the paged list, one entry (its summary counted
 * by the server), writing one, changing its notes and open items, taking the handover, the PDF,
 * and the shifts of a line to write an entry for. Every change puts the answer's entry in the
 * cache and makes the lists ask again.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiClient, download, unwrap } from '@/lib/api-client';
import { paged } from '@/lib/paged';
import { ALL_LINES, PAGE_SIZE, type AddShiftLog, type EditShiftLog, type Handover, type ShiftLog, type ShiftRecord } from './shift-log-types';

export interface ShiftLogQuery {
  lineId: string;
  /** The range of the shifts' starts (RFC 3339), `to` excluded. */
  from: string;
  to: string;
  search: string;
  page: number;
}

export const shiftLogKeys = {
  all: ['shiftLogs'] as const,
  list: (q: ShiftLogQuery) => ['shiftLogs', 'list', q] as const,
  one: (id: string) => ['shiftLogs', 'one', id] as const,
  shifts: (lineId: string) => ['shiftLogs', 'shifts', lineId] as const,
};

/** A page of the entries, newest first (null: not to be asked, e.g. a backwards range). */
export function useShiftLogs(q: ShiftLogQuery | null) {
  return useQuery({
    queryKey: q ? shiftLogKeys.list(q) : ['shiftLogs', 'list', 'none'],
    queryFn: ({ signal }) =>
      paged(
        apiClient.GET('/api/shiftlogs', {
          params: {
            query: {
              lineId: q!.lineId === ALL_LINES ? undefined : q!.lineId,
              fromDateTime: q!.from,
              toDateTime: q!.to,
              search: q!.search.trim() || undefined,
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

/** How often an entry whose summary is still counted is asked again (its figures, a handover by someone else). */
const OPEN_ENTRY_POLL_MS = 60_000;

/** An entry with its summary: kept at the handover, else counted now (asked again every minute until then). */
export function useShiftLog(id: string) {
  return useQuery({
    queryKey: shiftLogKeys.one(id),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/shiftlogs/{id}', { params: { path: { id } }, signal })).then((r) => r.data),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data?.summaryFinal ? false : OPEN_ENTRY_POLL_MS),
  });
}

/** The shifts of a line (none asked without a line). */
export function useLineShifts(lineId: string | null) {
  return useQuery<ShiftRecord[]>({
    queryKey: shiftLogKeys.shifts(lineId ?? ''),
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/shifts', { params: { query: { lineId: lineId! } }, signal })).then((r) => r.data ?? []),
    enabled: Boolean(lineId),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * A change answered with the entry: kept as the entry's data, the lists asked again. A refusal
 * because the entry moved on (409: handed over meanwhile) asks for the entry again.
 */
function useEntryMutation<TIn>(fn: (input: TIn) => Promise<{ data: ShiftLog; message?: string }>, idOf?: (input: TIn) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: ({ data }) => {
      if (data) client.setQueryData(shiftLogKeys.one(data.id), data);
      return client.invalidateQueries({ queryKey: ['shiftLogs', 'list'] });
    },
    onError: (err, input) => {
      if (idOf && err instanceof ApiError && err.status === 409) void client.invalidateQueries({ queryKey: shiftLogKeys.one(idOf(input)) });
    },
  });
}

export const useAddShiftLog = () => useEntryMutation((body: AddShiftLog) => unwrap(apiClient.POST('/api/shiftlogs/add', { body })));
export const useEditShiftLog = () =>
  useEntryMutation(
    ({ id, body }: { id: string; body: EditShiftLog }) => unwrap(apiClient.POST('/api/shiftlogs/edit/{id}', { params: { path: { id } }, body })),
    ({ id }) => id,
  );
export const useTakeHandover = () =>
  useEntryMutation(
    ({ id, body }: { id: string; body: Handover }) => unwrap(apiClient.POST('/api/shiftlogs/handover/{id}', { params: { path: { id } }, body })),
    ({ id }) => id,
  );

/** The entry as a PDF (a POST answered with the document), with progress 0–1 or null. */
export function shiftLogPdf(id: string, onProgress: (fraction: number | null) => void): Promise<Blob> {
  return download('/api/shiftlogs/generatePdf', onProgress, { method: 'POST', body: { id } });
}
