/**
 * What the wall display asks the api besides the live socket (both open to every signed-in
 * user): each line's configured time zone (`GET /api/lines`) for the plant clock, and its
 * current shift (`GET /api/shifts/defaultfromtodate`: the running shift, else the last one
 * that ended, with its span), asked again every minute and as soon as the shift is over.
 */
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient, unwrap, type Schema } from '@/lib/api-client';

type LineRecord = Schema<'LineRecord'>;
export type ShiftRange = Schema<'DefaultRange'>;

const MINUTE = 60_000;

/**
 * The configured lines by `_id`: their names and time zones; asked again at once when one of
 * `lineIds` (lines the live data has) is not among them (a line added since).
 */
export function useLineRecords(lineIds: readonly string[] = []): Record<string, LineRecord> {
  const q = useQuery<LineRecord[]>({
    queryKey: ['live', 'line-records'],
    queryFn: ({ signal }) => unwrap(apiClient.GET('/api/lines', { signal })).then((r) => (Array.isArray(r.data) ? (r.data as LineRecord[]) : [])),
    staleTime: 5 * MINUTE,
    refetchInterval: 5 * MINUTE,
    placeholderData: keepPreviousData,
  });
  const out: Record<string, LineRecord> = {};
  for (const l of q.data ?? []) out[String(l._id)] = l;
  const missing = q.isSuccess ? lineIds.filter((id) => !out[id]).join(',') : '';
  const { refetch } = q;
  useEffect(() => {
    if (missing) void refetch();
  }, [missing, refetch]);
  return out;
}

/** The shift a line is in at `now`, if any (the range is a shift's and has not ended). */
export function currentShift(range: ShiftRange | undefined, now: number): ShiftRange | null {
  if (!range?.shiftId) return null;
  const from = Date.parse(range.fromDate);
  const to = Date.parse(range.toDate);
  return from <= now && now < to ? range : null;
}

/** Each line's shift range (see `currentShift`), by line id; asked again once a shift ends. */
export function useShiftRanges(lineIds: readonly string[], now: number): Record<string, ShiftRange | undefined> {
  const results = useQueries({
    queries: lineIds.map((lineId) => ({
      queryKey: ['live', 'shift', lineId],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        unwrap(apiClient.GET('/api/shifts/defaultfromtodate', { params: { query: { lineId } }, signal })).then((r) => r.data ?? null),
      staleTime: MINUTE,
      refetchInterval: MINUTE,
      placeholderData: keepPreviousData,
    })),
  });
  const client = useQueryClient();
  const out: Record<string, ShiftRange | undefined> = {};
  lineIds.forEach((id, i) => {
    out[id] = results[i]?.data ?? undefined;
  });
  // A shift ended: ask for the next one now rather than within the minute.
  const ended = lineIds.filter((id) => out[id]?.shiftId && Date.parse(out[id].toDate) <= now).join(',');
  useEffect(() => {
    if (ended) void client.invalidateQueries({ queryKey: ['live', 'shift'] });
  }, [ended, client]);
  return out;
}
