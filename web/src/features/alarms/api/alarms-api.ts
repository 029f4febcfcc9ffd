/**
 * Alarm handling over the api (issue 34): the points active, unacknowledged or shelved, and the
 * moves on them (acknowledge, shelve, unshelve, comment). Every move invalidates the points;
 * the live feed (topic `alarms`) brings the new state to every console as well.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrap } from '@/lib/api-client';
import { ALL_LINES, type AckRequest } from './alarm-types';

export const alarmKeys = {
  all: ['alarms'] as const,
  active: (lineId: string | null) => ['alarms', 'active', lineId ?? ALL_LINES] as const,
};

export interface ActiveOptions {
  /** Not asked when false (a reader without an alarm privilege). */
  enabled?: boolean;
  /** Asked again every this many ms (while the live feed is down); never when unset. */
  pollMs?: number;
}

/** The points of a line (null or `ALL`: of every line) in the server's order. */
export function useActiveAlarms(lineId: string | null, { enabled = true, pollMs }: ActiveOptions = {}) {
  return useQuery({
    queryKey: alarmKeys.active(lineId),
    queryFn: ({ signal }) =>
      unwrap(apiClient.GET('/api/alarms/active', { params: { query: { lineId: lineId && lineId !== ALL_LINES ? lineId : undefined } }, signal })).then((r) => r.data ?? []),
    enabled,
    refetchInterval: pollMs ?? false,
  });
}

function useAlarmMutation<TIn, TOut>(fn: (input: TIn) => Promise<TOut>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}

/** Acknowledges points by their newest occurrence's id (`{ids}`), or every alarm of a line (`{lineId}`). */
export const useAckAlarms = () => useAlarmMutation((body: AckRequest) => unwrap(apiClient.POST('/api/alarms/ack', { body })));
export const useShelveAlarm = () =>
  useAlarmMutation((body: { id: string; minutes: number; reason: string }) => unwrap(apiClient.POST('/api/alarms/shelve', { body })));
export const useUnshelveAlarm = () => useAlarmMutation((id: string) => unwrap(apiClient.POST('/api/alarms/unshelve', { body: { id } })));
export const useCommentAlarm = () => useAlarmMutation((body: { id: string; text: string }) => unwrap(apiClient.POST('/api/alarms/comment', { body })));
