/**
 * /reporting/production/linedetails: production per line (every line, whatever line is chosen),
 * and for the chosen line its production per shift. A line's row chooses it.
 */
import { Button } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useLines } from '@/lib/use-lines';
import { REPORT_PATHS, type ReportRow } from '../api/report-types';
import { kgChart, leadColumns, PRODUCTION, rowKey } from '../components/report-columns';
import { ReportScreen } from '../components/report-screen';
import { ReportSection, type SectionSpec } from '../components/report-section';
import { useReportContext } from '../hooks/report-context';
import { useReportFormat } from '../hooks/use-report-format';
import type { FilterSpec } from '../hooks/use-report-filters';
import { textColumn, type Column } from '../utils/columns';
import { ALL_LINES, PARAM, type Values } from '../utils/filters';

const FILTERS: FilterSpec = { pickers: ['line', 'shift'] };

/** Chooses a line's shifts below. */
function ShowShifts({ row }: { row: ReportRow }) {
  const { t } = useReportFormat();
  const { values, set } = useReportContext();
  const chosen = values[PARAM.line] === row.key;
  return (
    <Button size="compact-xs" variant={chosen ? 'filled' : 'light'} aria-pressed={chosen} onClick={() => set({ [PARAM.line]: row.key })} data-testid="show-shifts">
      {t('web.report.showShiftsOf', { line: row.name })}
    </Button>
  );
}

const LINE_COLUMNS: Column<ReportRow>[] = [
  ...leadColumns('line'),
  ...PRODUCTION,
  textColumn('shifts', 'web.report.col.shifts', 'key', { sortable: false, action: true, cell: (row) => <ShowShifts row={row} /> }),
];

const LINES: SectionSpec<ReportRow> = {
  id: 'lines',
  path: REPORT_PATHS.byTime,
  params: (base) => ({ ...base, [PARAM.line]: undefined, bucket: 'line' }),
  rowsField: 'rows',
  columns: LINE_COLUMNS,
  rowKey,
  chart: kgChart('line'),
  empty: 'web.report.empty.production',
};

export default function LineDetailsScreen() {
  const intl = useIntl();
  const { lines } = useLines();
  const shifts = (values: Values): SectionSpec<ReportRow> => {
    const lineId = values[PARAM.line];
    const name = lines.find((l) => l._id === lineId)?.name ?? lineId;
    return {
      id: 'shifts',
      path: REPORT_PATHS.byTime,
      params: (base) => (lineId && lineId !== ALL_LINES ? { ...base, bucket: 'shift' } : null),
      rowsField: 'rows',
      columns: [...leadColumns('shift'), ...PRODUCTION],
      rowKey,
      chart: kgChart('shift'),
      empty: 'web.report.empty.production',
      idle: 'web.report.chooseLine',
      heading: intl.formatMessage({ id: 'web.report.shiftsOf' }, { line: name }),
    };
  };
  return (
    <ReportScreen title="web.screen.lineDetails" filters={FILTERS}>
      <ReportSection spec={{ ...LINES, heading: intl.formatMessage({ id: 'web.report.lines' }) }} />
      <ReportSection spec={shifts} />
    </ReportScreen>
  );
}
