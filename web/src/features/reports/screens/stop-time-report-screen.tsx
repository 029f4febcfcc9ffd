/**
 * /reporting/others/stoptimereport: the stops of the range with their totals and a Pareto of
 * their reasons (chart and table), then the stops a page at a time from the server. A user who
 * may correct report data (REPORTS_UPDATE) gives any stop its reason from its row — the
 * unqualified ones above all; the report then refreshes.
 */
import { Button } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { REPORT_PATHS, type ParetoRow, type Stop, type StopReport } from '../api/report-types';
import { AssignReasonDialog } from '../components/assign-reason-dialog';
import { ReportScreen } from '../components/report-screen';
import { pagedList, ReportSection, summaryParams, type SectionSpec } from '../components/report-section';
import { PARETO_COLUMNS, STOP_COLUMNS, stopKey } from '../components/stop-columns';
import { StopSummary } from '../components/stop-pareto';
import { useCanUpdateReports } from '../hooks/use-report-access';
import { useReportFormat } from '../hooks/use-report-format';
import type { FilterSpec } from '../hooks/use-report-filters';
import { textColumn, type Column } from '../utils/columns';

const FILTERS: FilterSpec = { pickers: ['line', 'shift'] };

const PARETO: SectionSpec<ParetoRow, StopReport> = {
  id: 'pareto',
  path: REPORT_PATHS.stops,
  params: summaryParams,
  rowsField: 'pareto',
  columns: PARETO_COLUMNS,
  rowKey: (r) => r.key,
  above: StopSummary,
  empty: 'web.report.empty.stops',
};

const STOPS: SectionSpec<Stop> = {
  ...pagedList(REPORT_PATHS.stops, 'stops'),
  columns: STOP_COLUMNS,
  rowKey: stopKey,
  empty: 'web.report.empty.stops',
};

function AssignButton({ stop, onAssign }: { stop: Stop; onAssign: (stop: Stop) => void }) {
  const fmt = useReportFormat();
  const label = fmt.t('web.report.assign.action');
  return (
    <Button
      size="compact-xs"
      variant={stop.qualified ? 'default' : 'filled'}
      onClick={() => onAssign(stop)}
      aria-label={fmt.t('web.report.assign.actionOf', { action: label, line: stop.lineName ?? stop.lineId, start: fmt.dateTime(stop.startedAt) })}
      data-testid="assign-reason-open"
    >
      {label}
    </Button>
  );
}

export default function StopTimeReportScreen() {
  const intl = useIntl();
  const canAssign = useCanUpdateReports();
  const [assigning, setAssigning] = useState<Stop | null>(null);
  const stops = useMemo<SectionSpec<Stop>>(() => {
    const assign: Column<Stop> = textColumn('assign', 'web.report.col.actions', 'startedAt', {
      sortable: false,
      action: true,
      cell: (stop) => <AssignButton stop={stop} onAssign={setAssigning} />,
    });
    return { ...STOPS, columns: canAssign ? [...STOP_COLUMNS, assign] : STOP_COLUMNS, heading: intl.formatMessage({ id: 'web.report.stops' }) };
  }, [canAssign, intl]);
  return (
    <ReportScreen title="web.screen.stopTimeReport" filters={FILTERS}>
      <ReportSection spec={{ ...PARETO, heading: intl.formatMessage({ id: 'web.report.pareto' }) }} />
      <ReportSection spec={stops} />
      <AssignReasonDialog stop={assigning} onClose={() => setAssigning(null)} />
    </ReportScreen>
  );
}
