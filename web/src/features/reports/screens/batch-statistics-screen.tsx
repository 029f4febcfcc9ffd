/**
 * /reporting/batch/statistics: batch statistics of the range per recipe version
 * (`getBatchStats`) and per production order (`getbatchstatsorderwise`): batches, aborted ones,
 * batches with a dose out of tolerance (count and share), mean batch time, batch size, weighed
 * kilograms and their deviation; each with a chart of the share of batches out of tolerance.
 */
import { useIntl } from 'react-intl';
import { REPORT_PATHS, type ReportRow } from '../api/report-types';
import { leadColumns, rowKey } from '../components/report-columns';
import { ReportScreen } from '../components/report-screen';
import { ReportSection, type ChartSpec, type SectionSpec } from '../components/report-section';
import type { FilterSpec } from '../hooks/use-report-filters';
import { figure, textColumn, type Column } from '../utils/columns';

const FILTERS: FilterSpec = { pickers: ['line', 'shift', 'recipe', 'order'] };

/** What every row tells about its batches. */
const BATCH_FIGURES: Column<ReportRow>[] = [
  figure('batches'),
  figure('aborted'),
  figure('ootBatches'),
  figure('ootBatchesPct'),
  figure('meanBatchS'),
  figure('targetKg'),
  figure('actualKg'),
  figure('deviationKg'),
  figure('deviationPct'),
];

const ootChart = (title: string, label: (r: ReportRow) => string): ChartSpec<ReportRow> => ({
  title,
  kind: 'bar',
  label,
  value: (r) => r.figures.ootBatchesPct ?? 0,
  unit: 'pct',
});

const RECIPES: SectionSpec<ReportRow> = {
  id: 'recipes',
  path: REPORT_PATHS.batchStats,
  rowsField: 'rows',
  columns: [...leadColumns('recipe'), ...BATCH_FIGURES],
  rowKey,
  chart: ootChart('web.batch.chart.ootPerRecipe', (r) => [r.code, r.version !== null && r.version !== undefined ? `v${r.version}` : null].filter(Boolean).join(' ') || r.name),
  empty: 'web.report.empty.production',
};

const ORDER_COLUMNS: Column<ReportRow>[] = [
  textColumn('code', 'web.report.col.order', 'code'),
  textColumn('name', 'web.batch.col.orderName', 'name'),
  textColumn('lineName', 'web.report.col.line', 'lineName'),
  ...BATCH_FIGURES,
];

const ORDERS: SectionSpec<ReportRow> = {
  id: 'orders',
  path: REPORT_PATHS.batchStatsByOrder,
  rowsField: 'rows',
  columns: ORDER_COLUMNS,
  rowKey,
  chart: ootChart('web.batch.chart.ootPerOrder', (r) => r.code || r.name),
  empty: 'web.report.empty.production',
};

export default function BatchStatisticsScreen() {
  const intl = useIntl();
  const heading = (id: string) => intl.formatMessage({ id });
  return (
    <ReportScreen title="web.screen.batchStatistics" filters={FILTERS}>
      <ReportSection spec={{ ...RECIPES, heading: heading('web.batch.perRecipe') }} />
      <ReportSection spec={{ ...ORDERS, heading: heading('web.batch.perOrder') }} />
    </ReportScreen>
  );
}
