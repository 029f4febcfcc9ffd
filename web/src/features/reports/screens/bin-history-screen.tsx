/**
 * /reporting/others/binHistory: every bin of the line(s) over the range — opening and closing
 * level, what was filled, dosed and emptied, material changes, and whether those add up (rows
 * that do not reconcile or went above capacity are flagged) — and their movements a page at a
 * time from the server (of one kind if asked). With a bin chosen, its level over the range; the
 * bins offered are those configured on the line(s).
 */
import { useIntl } from 'react-intl';
import { useLineNames } from '@/lib/use-lines';
import { useBinOptions } from '../api/filter-options-api';
import { REPORT_PATHS, type BinHistory, type BinSummary, type Movement } from '../api/report-types';
import { BIN_COLUMNS, BIN_KINDS, binKey, MOVEMENT_COLUMNS, movementKey } from '../components/bin-columns';
import { BinAbove } from '../components/bin-checks';
import { CodePicker, FilterPicker } from '../components/filter-bar';
import { ReportScreen } from '../components/report-screen';
import { pagedList, ReportSection, summaryParams, type SectionSpec } from '../components/report-section';
import { useReportContext } from '../hooks/report-context';
import { useReportFormat } from '../hooks/use-report-format';
import type { FilterSpec } from '../hooks/use-report-filters';
import { withLine } from '../utils/columns';
import { PARAM, type Values } from '../utils/filters';

const FILTERS: FilterSpec = { pickers: ['line', 'shift'], own: { binId: '', kind: '' } };

function BinPicker() {
  const { t } = useReportFormat();
  const { values } = useReportContext();
  const bins = useBinOptions(values[PARAM.line]);
  return <CodePicker param="binId" label={t('web.report.filter.bin')} anyLabel={t('web.report.filter.everyBin')} records={bins.data ?? []} testId="filter-bin" />;
}

function KindPicker() {
  const { t } = useReportFormat();
  const options = BIN_KINDS.map((k) => ({ value: k.value, label: t(k.label) }));
  return <FilterPicker param="kind" label={t('web.report.filter.kind')} anyLabel={t('web.report.filter.everyKind')} options={options} testId="filter-kind" miw={160} />;
}

const bins = (heading: string): SectionSpec<BinSummary, BinHistory> => ({
  id: 'bins',
  path: REPORT_PATHS.bins,
  // The movement kind narrows the list of movements only.
  params: (base) => summaryParams({ ...base, kind: undefined }),
  rowsField: 'bins',
  columns: BIN_COLUMNS,
  rowKey: binKey,
  above: BinAbove,
  empty: 'web.report.empty.bins',
  heading,
});

export default function BinHistoryScreen() {
  const intl = useIntl();
  const names = useLineNames();
  const heading = (id: string) => intl.formatMessage({ id });
  const movements = (values: Values): SectionSpec<Movement> => ({
    ...pagedList(REPORT_PATHS.bins, 'movements'),
    columns: withLine(MOVEMENT_COLUMNS, names, values[PARAM.line]),
    rowKey: movementKey,
    empty: 'web.report.empty.movements',
    heading: heading('web.report.movements'),
  });
  return (
    <ReportScreen
      title="web.screen.binHistory"
      filters={FILTERS}
      controls={
        <>
          <BinPicker />
          <KindPicker />
        </>
      }
    >
      <ReportSection spec={bins(heading('web.report.bins'))} />
      <ReportSection spec={movements} />
    </ReportScreen>
  );
}
