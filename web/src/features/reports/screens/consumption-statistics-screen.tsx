/**
 * /reporting/consumption/consumptionstatistics: per material, setpoint and weighed totals,
 * deviation in kg and %, doses out of tolerance, mean and standard deviation of the doses.
 */
import { REPORT_PATHS, type ReportRow } from '../api/report-types';
import { leadColumns, rowKey, rowLabel } from '../components/report-columns';
import { ReportScreen } from '../components/report-screen';
import { ReportSection, type SectionSpec } from '../components/report-section';
import type { FilterSpec } from '../hooks/use-report-filters';
import { figure } from '../utils/columns';

const FILTERS: FilterSpec = { pickers: ['line', 'shift', 'recipe', 'order'] };

const SECTION: SectionSpec<ReportRow> = {
  id: '',
  path: REPORT_PATHS.stats,
  rowsField: 'rows',
  columns: [
    ...leadColumns('material'),
    figure('doses'),
    figure('setpointKg'),
    figure('actualKg'),
    figure('deviationKg'),
    figure('deviationPct'),
    figure('outOfTolerance'),
    figure('outOfTolerancePct'),
    figure('meanKg'),
    figure('meanDeviationKg'),
    figure('stdDevKg'),
  ],
  rowKey,
  chart: { title: 'web.report.chart.deviationPct', kind: 'bar', label: rowLabel('material'), value: (r) => r.figures.deviationPct, unit: 'pct' },
  empty: 'web.report.empty.consumption',
};

export default function ConsumptionStatisticsScreen() {
  return (
    <ReportScreen title="web.screen.consumptionStatistics" filters={FILTERS}>
      <ReportSection spec={SECTION} />
    </ReportScreen>
  );
}
