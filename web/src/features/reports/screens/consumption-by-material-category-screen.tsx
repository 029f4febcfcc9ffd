/**
 * /reporting/consumption/bymaterialcategory: weighed kg per material category; a category opens
 * to its materials, and its name leads to its materials' report.
 */
import { REPORT_PATHS, type CategoryRow, type ReportRow } from '../api/report-types';
import { DrillLink } from '../components/drill-link';
import { CONSUMPTION, kgChart, leadColumns, rowKey } from '../components/report-columns';
import { ReportScreen } from '../components/report-screen';
import { ReportSection, type SectionSpec } from '../components/report-section';
import { ReportTable } from '../components/report-table';
import { useReportContext } from '../hooks/report-context';
import { useReportFormat } from '../hooks/use-report-format';
import type { FilterSpec } from '../hooks/use-report-filters';
import { textColumn, type Column } from '../utils/columns';
import { ALL_LINES, PARAM } from '../utils/filters';

const FILTERS: FilterSpec = { pickers: ['line', 'shift', 'recipe', 'order'] };

const MATERIAL_COLUMNS: Column<ReportRow>[] = [...leadColumns('material'), ...CONSUMPTION];

/**
 * A category's name leads to its materials: on one line by the category's `_id` there, over
 * every line by its code (the same on each line; the api takes either).
 */
function CategoryLink({ row, text }: { row: CategoryRow; text: string }) {
  const { values } = useReportContext();
  const everyLine = !values[PARAM.line] || values[PARAM.line] === ALL_LINES;
  return <DrillLink to="categoryMaterials" id={everyLine ? (row.code ?? row.categoryIds[0]) : row.categoryIds[0]} text={text} />;
}

const COLUMNS: Column<CategoryRow>[] = [
  textColumn('code', 'web.report.col.code', 'code'),
  textColumn('name', 'web.report.col.category', 'name', { cell: (r, text) => <CategoryLink row={r} text={text} /> }),
  ...CONSUMPTION,
];

function CategoryMaterials({ row }: { row: CategoryRow }) {
  const { t } = useReportFormat();
  return (
    <ReportTable
      caption={t('web.report.materialsOf', { name: row.name })}
      columns={MATERIAL_COLUMNS}
      rows={row.materials}
      rowKey={rowKey}
      empty={t('web.report.empty.consumption')}
      testId="category-materials"
    />
  );
}

const SECTION: SectionSpec<CategoryRow> = {
  id: '',
  path: REPORT_PATHS.categories,
  rowsField: 'categories',
  columns: COLUMNS,
  rowKey,
  chart: kgChart('category'),
  expand: {
    render: (row) => <CategoryMaterials row={row} />,
    label: (row, fmt) => fmt.t('web.report.materialsOf', { name: row.name }),
    can: (row) => row.materials.length > 0,
  },
  empty: 'web.report.empty.consumption',
};

export default function ConsumptionByMaterialCategoryScreen() {
  return (
    <ReportScreen title="web.screen.consumptionByMaterialCategory" filters={FILTERS}>
      <ReportSection spec={SECTION} />
    </ReportScreen>
  );
}
