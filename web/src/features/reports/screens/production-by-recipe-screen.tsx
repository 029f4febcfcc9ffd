/** /reporting/production/byrecipe: produced kg and batches per recipe version, optionally of one shift. */
import { REPORT_PATHS, type ReportRow } from '../api/report-types';
import { kgChart, leadColumns, PRODUCTION, rowKey } from '../components/report-columns';
import { ReportScreen } from '../components/report-screen';
import { ReportSection, type SectionSpec } from '../components/report-section';
import type { FilterSpec } from '../hooks/use-report-filters';

const FILTERS: FilterSpec = { pickers: ['line', 'shift', 'order'] };

const SECTION: SectionSpec<ReportRow> = {
  id: '',
  path: REPORT_PATHS.byRecipe,
  rowsField: 'rows',
  columns: [...leadColumns('recipe'), ...PRODUCTION],
  rowKey,
  chart: kgChart('recipe'),
  empty: 'web.report.empty.production',
};

export default function ProductionByRecipeScreen() {
  return (
    <ReportScreen title="web.screen.productionByRecipe" filters={FILTERS}>
      <ReportSection spec={SECTION} />
    </ReportScreen>
  );
}
