/**
 * /reporting/consumption/bymaterials (and its drill-down from a category,
 * /bymaterials/:lineid/:materialcategoryid/:fromdatetime/:todatetime): weighed kg per material,
 * or per category, scale, bin, shift, time bucket or line.
 */
import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { REPORT_PATHS, type ReportRow } from '../api/report-types';
import { ChoiceFilter } from '../components/filter-bar';
import { CONSUMPTION, kgChart, leadColumns, rowKey } from '../components/report-columns';
import { ReportScreen } from '../components/report-screen';
import { ReportSection, type SectionSpec } from '../components/report-section';
import { useReportContext } from '../hooks/report-context';
import { useReportFormat } from '../hooks/use-report-format';
import type { FilterSpec } from '../hooks/use-report-filters';
import { query } from '@/lib/query-string';
import { PARAM, type Values } from '../utils/filters';
import { reportPaths } from '../utils/paths';

const FILTERS: FilterSpec = { pickers: ['line', 'shift', 'recipe', 'order'], own: { groupBy: 'material', materialCategoryId: '' } };

const GROUPS = [
  { value: 'material', label: 'web.report.groupBy.material' },
  { value: 'category', label: 'web.report.groupBy.category' },
  { value: 'scale', label: 'web.report.groupBy.scale' },
  { value: 'bin', label: 'web.report.groupBy.bin' },
  { value: 'shift', label: 'web.report.groupBy.shift' },
  { value: 'hour', label: 'web.report.groupBy.hour' },
  { value: 'day', label: 'web.report.groupBy.day' },
  { value: 'week', label: 'web.report.groupBy.week' },
  { value: 'month', label: 'web.report.groupBy.month' },
  { value: 'line', label: 'web.report.groupBy.line' },
];

const section = (values: Values): SectionSpec<ReportRow> => ({
  id: '',
  path: REPORT_PATHS.grouped,
  rowsField: 'rows',
  columns: [...leadColumns(values.groupBy), ...CONSUMPTION],
  rowKey,
  chart: kgChart(values.groupBy),
  empty: 'web.report.empty.consumption',
});

/** Said on the drill-down: only one category's materials, with the way back to all of them. */
function CategoryNote() {
  const { t } = useReportFormat();
  const { values } = useReportContext();
  if (!values.materialCategoryId) return null;
  const keep = query({ [PARAM.line]: values[PARAM.line], [PARAM.from]: values[PARAM.from], [PARAM.to]: values[PARAM.to] });
  return (
    <Alert color="blue" variant="light" mb="md" data-testid="category-note">
      {t('web.report.categoryOnly')}{' '}
      <Anchor component={Link} to={`${reportPaths.materials}${keep}`}>
        {t('web.report.showEveryMaterial')}
      </Anchor>
    </Alert>
  );
}

export default function ConsumptionByMaterialsScreen() {
  return (
    <ReportScreen
      title="web.screen.consumptionByMaterials"
      filters={FILTERS}
      controls={<ChoiceFilter param="groupBy" label="web.report.filter.groupBy" options={GROUPS} testId="filter-group-by" />}
      note={<CategoryNote />}
    >
      <ReportSection spec={section} />
    </ReportScreen>
  );
}
