/**
 * The list's filters, kept in the URL: a line (or all), statuses, and the planned-start range
 * (RFC 3339; missing: from the start of yesterday to the end of the day after tomorrow).
 */
import { ALL_LINES, SCHEDULE_STATUSES, type ScheduleStatus } from '../api/schedule-types';

export interface ScheduleFilters {
  lineId: string;
  statuses: ScheduleStatus[];
  from: string | null;
  to: string | null;
}

const isStatus = (s: string): s is ScheduleStatus => (SCHEDULE_STATUSES as readonly string[]).includes(s);

const instant = (v: string | null) => (v && !Number.isNaN(new Date(v).getTime()) ? v : null);

export function readFilters(params: URLSearchParams): ScheduleFilters {
  return {
    lineId: params.get('lineId') || ALL_LINES,
    statuses: (params.get('status') ?? '').split(',').filter(isStatus),
    from: instant(params.get('from')),
    to: instant(params.get('to')),
  };
}

/** The URL parameters with `patch` applied (`ALL`, no statuses and no range are left out). */
export function writeFilters(params: URLSearchParams, patch: Partial<ScheduleFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  if ('lineId' in patch) put('lineId', patch.lineId === ALL_LINES ? null : (patch.lineId ?? null));
  if ('statuses' in patch) put('status', (patch.statuses ?? []).join(','));
  if ('from' in patch) put('from', patch.from ?? null);
  if ('to' in patch) put('to', patch.to ?? null);
  return next;
}

/** True when the range runs backwards (the server would answer 400 on `toDateTime`). */
export const backwards = (from: string | null, to: string | null): boolean =>
  Boolean(from && to && new Date(from).getTime() > new Date(to).getTime());
