/** /reporting/production/bytime: produced kg and batches per hour, shift, day, week or month of the line's zone. */
import { REPORT_PATHS, type ReportRow } from '../api/report-types';
import { ChoiceFilter } from '../components/filter-bar';
import { kgChart, leadColumns, PRODUCTION, rowKey } from '../components/report-columns';
import { ReportScreen } from '../components/report-screen';
import { ReportSection, type SectionSpec } from '../components/report-section';
import type { FilterSpec } from '../hooks/use-report-filters';
import type { Values } from '../utils/filters';

const FILTERS: FilterSpec = { pickers: ['line', 'shift', 'recipe', 'order'], own: { bucket: 'day' } };

const BUCKETS = [
  { value: 'hour', label: 'web.report.groupBy.hour' },
  { value: 'shift', label: 'web.report.groupBy.shift' },
  { value: 'day', label: 'web.report.groupBy.day' },
  { value: 'week', label: 'web.report.groupBy.week' },
  { value: 'month', label: 'web.report.groupBy.month' },
];

const section = (values: Values): SectionSpec<ReportRow> => ({
  id: '',
  path: REPORT_PATHS.byTime,
  rowsField: 'rows',
  columns: [...leadColumns(values.bucket), ...PRODUCTION],
  rowKey,
  chart: kgChart(values.bucket),
  empty: 'web.report.empty.production',
});

export default function ProductionByTimeScreen() {
  return (
    <ReportScreen
      title="web.screen.productionByTime"
      filters={FILTERS}
      controls={<ChoiceFilter param="bucket" label="web.report.filter.bucket" options={BUCKETS} testId="filter-bucket" />}
    >
      <ReportSection spec={section} />
    </ReportScreen>
  );
}
