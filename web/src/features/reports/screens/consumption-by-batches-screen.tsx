/**
 * /reporting/consumption/bybatches: the batches of the range, newest first, a page at a time
 * from the server; a batch opens to its weighings (materials, scales and bins by their names,
 * by their codes where no longer configured). The totals cover every page; the exports fetch
 * every page first.
 */
import { REPORT_PATHS, type Charge, type Weighing } from '../api/report-types';
import { fetchAllCharges } from '../api/reports-api';
import { ReportScreen } from '../components/report-screen';
import { ReportSection, type SectionSpec } from '../components/report-section';
import { ReportTable } from '../components/report-table';
import { useReportFormat } from '../hooks/use-report-format';
import type { FilterSpec } from '../hooks/use-report-filters';
import { flatFigure, textColumn, type Column } from '../utils/columns';

const FILTERS: FilterSpec = { pickers: ['line', 'shift', 'recipe', 'order'] };

const STATUS: Record<string, string> = { COMPLETE: 'web.report.status.COMPLETE', ABORTED: 'web.report.status.ABORTED' };

const dateTime = (id: string, label: string): Column<Charge> => ({ ...textColumn(id, label, id), kind: 'dateTime' });

const COLUMNS: Column<Charge>[] = [
  textColumn('batchId', 'web.report.col.batch', 'batchId'),
  textColumn('lineName', 'web.report.col.line', 'lineName'),
  textColumn('recipe', 'web.report.col.recipe', 'recipeCode', {
    text: (r) => [r.recipeCode, `v${r.recipeVersion}`, r.recipeName].filter(Boolean).join(' · '),
  }),
  textColumn('order', 'web.report.col.order', 'scheduleName'),
  dateTime('startedAt', 'web.report.col.started'),
  dateTime('endedAt', 'web.report.col.ended'),
  textColumn('status', 'web.report.col.status', 'status', { text: (r, fmt) => (STATUS[r.status] ? fmt.t(STATUS[r.status]) : r.status) }),
  flatFigure('targetKg'),
  flatFigure('setpointKg'),
  flatFigure('actualKg'),
  flatFigure('deviationKg'),
  flatFigure('doses'),
  flatFigure('outOfTolerance'),
];

type WeighingRow = Weighing & { n: number; deviationKg: number | null };

const WEIGHING_COLUMNS: Column<WeighingRow>[] = [
  textColumn('material', 'web.report.col.material', 'materialName', { text: (w) => w.materialName || w.materialId || '—' }),
  textColumn('scale', 'web.report.col.scale', 'scaleName', { text: (w) => w.scaleName || w.scaleId || '—' }),
  textColumn('bin', 'web.report.col.bin', 'binName', { text: (w) => w.binName || w.binId || '—' }),
  flatFigure('setpointKg'),
  flatFigure('actualKg'),
  flatFigure('deviationKg'),
  textColumn('inTolerance', 'web.report.col.inTolerance', 'inTolerance', {
    text: (w, fmt) => (w.inTolerance === undefined ? '—' : fmt.t(w.inTolerance ? 'web.report.yes' : 'web.report.no')),
  }),
];

function Weighings({ batch }: { batch: Charge }) {
  const { t } = useReportFormat();
  const rows: WeighingRow[] = (batch.weighings as Weighing[]).map((w, n) => ({
    ...w,
    n,
    deviationKg: typeof w.actualKg === 'number' && typeof w.setpointKg === 'number' ? w.actualKg - w.setpointKg : null,
  }));
  return (
    <ReportTable
      caption={t('web.report.weighingsOf', { batch: batch.batchId })}
      columns={WEIGHING_COLUMNS}
      rows={rows}
      rowKey={(w) => String(w.n)}
      empty={t('web.report.noWeighings')}
      testId="batch-weighings"
    />
  );
}

const SECTION: SectionSpec<Charge> = {
  id: '',
  path: REPORT_PATHS.charges,
  rowsField: 'rows',
  columns: COLUMNS,
  rowKey: (r) => `${r.lineId}|${r.batchId}`,
  chart: { title: 'web.report.chart.kgPerBatch', kind: 'bar', label: (r) => r.batchId, value: (r) => r.actualKg, unit: 'kg' },
  expand: {
    render: (batch) => <Weighings batch={batch} />,
    label: (batch, fmt) => fmt.t('web.report.weighingsOf', { batch: batch.batchId }),
  },
  empty: 'web.report.empty.batches',
  server: { limit: 50, all: fetchAllCharges },
};

export default function ConsumptionByBatchesScreen() {
  return (
    <ReportScreen title="web.screen.consumptionByBatches" filters={FILTERS}>
      <ReportSection spec={SECTION} />
    </ReportScreen>
  );
}
