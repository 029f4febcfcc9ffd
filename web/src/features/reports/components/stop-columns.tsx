/**
 * The columns of the stop-time report: its stops (start, end or "ongoing", duration as h:mm:ss,
 * line, state, reason or an "Unqualified" badge, group, planned or not, who assigned it) and
 * its Pareto of reasons. Durations are exported in seconds.
 */
import { Badge } from '@mantine/core';
import type { ParetoRow, Stop } from '../api/report-types';
import type { ReportFormat } from '../hooks/use-report-format';
import { textColumn, type Column } from '../utils/columns';
import { reasonLabel } from '../utils/pareto';

const STATE: Record<string, string> = { STOPPED: 'web.report.stopState.STOPPED', FAULT: 'web.report.stopState.FAULT' };

/** A duration in seconds, shown as h:mm:ss; totalled from the answer's `totals.durationS`. */
function duration<R>(): Column<R> {
  return { ...textColumn<R>('durationS', 'web.report.col.duration', 'durationS'), kind: 'duration', exportLabel: 'web.report.col.durationS', total: 'durationS' };
}

/** The reason in force: its code and name, else the code the line reported; none: unqualified. */
export function stopReason(stop: Stop, fmt: ReportFormat): string {
  if (stop.reasonName) return reasonLabel({ code: stop.reasonCode, name: stop.reasonName });
  return stop.reportedReason ?? fmt.t('web.report.unqualified');
}

function ReasonCell({ stop, text }: { stop: Stop; text: string }) {
  if (stop.qualified) return <>{text}</>;
  return (
    <Badge color="#a65b00" autoContrast={false} c="white" variant="filled" data-testid="stop-unqualified">
      {text}
    </Badge>
  );
}

export const STOP_COLUMNS: Column<Stop>[] = [
  { ...textColumn('startedAt', 'web.report.col.started', 'startedAt'), kind: 'dateTime' },
  { ...textColumn<Stop>('endedAt', 'web.report.col.ended', 'endedAt'), kind: 'dateTime', text: (r, fmt) => (r.endedAt ? fmt.dateTime(r.endedAt) : fmt.t('web.report.ongoing')) },
  duration<Stop>(),
  textColumn('lineName', 'web.report.col.line', 'lineName'),
  textColumn('state', 'web.report.col.state', 'state', { text: (r, fmt) => (STATE[r.state] ? fmt.t(STATE[r.state]) : r.state) }),
  textColumn('reason', 'web.report.col.reason', 'reasonName', { text: stopReason, cell: (r, text) => <ReasonCell stop={r} text={text} /> }),
  textColumn('groupName', 'web.report.col.group', 'groupName'),
  // The api counts a stop without a planned reason as unplanned.
  textColumn('planned', 'web.report.col.planned', 'planned', { text: (r, fmt) => fmt.t(r.planned ? 'web.report.planned' : 'web.report.unplanned') }),
  textColumn('assignedBy', 'web.report.col.assignedBy', 'assignedBy'),
];

export const PARETO_COLUMNS: Column<ParetoRow>[] = [
  textColumn('name', 'web.report.col.reason', 'name', { text: (r) => reasonLabel(r) }),
  textColumn('groupName', 'web.report.col.group', 'groupName'),
  { ...textColumn('stops', 'web.report.col.stops', 'stops'), kind: 'count', total: 'stops' },
  duration<ParetoRow>(),
  { ...textColumn('sharePct', 'web.report.col.sharePct', 'sharePct'), kind: 'pct' },
  { ...textColumn('cumulativePct', 'web.report.col.cumulativePct', 'cumulativePct'), kind: 'pct' },
];

/** A stop's identity: its line and start. */
export const stopKey = (s: Stop) => `${s.lineId}|${s.startedAt}`;
