/**
 * /reporting/consumption/bymaterial (and /bymaterial/:lineid/:id/:fromdatetime/:todatetime from
 * a material's row): one material's weighed kg per hour, day, week or month. The materials
 * offered are those weighed on the line(s) in the range.
 */
import { REPORT_PATHS, type ReportRow } from '../api/report-types';
import { useReport } from '../api/reports-api';
import { ChoiceFilter, FilterPicker } from '../components/filter-bar';
import { CONSUMPTION, kgChart, leadColumns, rowKey } from '../components/report-columns';
import { ReportScreen } from '../components/report-screen';
import { ReportSection, type SectionSpec } from '../components/report-section';
import { useReportContext } from '../hooks/report-context';
import { useReportFormat } from '../hooks/use-report-format';
import type { FilterSpec } from '../hooks/use-report-filters';
import { apiParams, backwards, PARAM, type Values } from '../utils/filters';

const FILTERS: FilterSpec = { pickers: ['line', 'shift', 'recipe', 'order'], own: { groupBy: 'day', materialId: '' } };

const BUCKETS = [
  { value: 'hour', label: 'web.report.groupBy.hour' },
  { value: 'day', label: 'web.report.groupBy.day' },
  { value: 'week', label: 'web.report.groupBy.week' },
  { value: 'month', label: 'web.report.groupBy.month' },
];

/** The materials weighed in the range (the consumption per material, without a material filter). */
function MaterialPicker() {
  const { t } = useReportFormat();
  const { values } = useReportContext();
  // Not asked before the range is known (the api needs one: 400 without).
  const params = !values[PARAM.from] || !values[PARAM.to] || backwards(values[PARAM.from], values[PARAM.to])
    ? null
    : { ...apiParams({ ...values, materialId: '' }), groupBy: 'material' as const };
  const materials = useReport(REPORT_PATHS.grouped, params);
  const options = (materials.data?.rows ?? []).map((r) => ({ value: r.code ?? r.key, label: [r.code, r.name].filter(Boolean).join(' · ') }));
  return <FilterPicker param="materialId" label={t('web.report.filter.material')} options={options} testId="filter-material" miw={240} />;
}

const section = (values: Values): SectionSpec<ReportRow> => ({
  id: '',
  path: REPORT_PATHS.grouped,
  params: (base) => (values.materialId ? base : null),
  rowsField: 'rows',
  columns: [...leadColumns(values.groupBy), ...CONSUMPTION],
  rowKey,
  chart: kgChart(values.groupBy),
  empty: 'web.report.empty.material',
  idle: 'web.report.chooseMaterial',
  heading: values.materialId || undefined,
});

export default function ConsumptionByMaterialScreen() {
  return (
    <ReportScreen
      title="web.screen.consumptionByMaterial"
      filters={FILTERS}
      controls={
        <>
          <MaterialPicker />
          <ChoiceFilter param="groupBy" label="web.report.filter.groupBy" options={BUCKETS} testId="filter-group-by" />
        </>
      }
    >
      <ReportSection spec={section} />
    </ReportScreen>
  );
}
