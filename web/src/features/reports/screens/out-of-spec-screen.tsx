/**
 * /reporting/diagnostics/outofspec: every dose outside its tolerance and every batch process
 * value past its report parameter's limits, in the batches that ended in the range, newest
 * first, a page at a time from the server — the batch (opening its specific view), what (the
 * material or parameter), value against its limits, the direction (arrow and word) and how far
 * past, in its unit. Above it, how many rows of the page fall on each material or parameter.
 * Narrowed to doses or process values (`kind`), line, recipe and order.
 */
import { REPORT_PATHS } from '../api/report-types';
import { outOfSpecColumns, outOfSpecKey } from '../components/diag-columns';
import { ExcursionChart } from '../components/diag-excursion-chart';
import { ChoiceFilter } from '../components/filter-bar';
import { ReportScreen } from '../components/report-screen';
import { pagedList, ReportSection, type SectionSpec } from '../components/report-section';
import type { FilterSpec } from '../hooks/use-report-filters';
import { OUT_OF_SPEC_KINDS, type OutOfSpecList, type OutOfSpecRow } from '../utils/diag-types';
import { ALL_LINES, PARAM, type Values } from '../utils/filters';

const FILTERS: FilterSpec = { pickers: ['line', 'recipe', 'order'], own: { kind: 'ALL' } };

const KINDS = OUT_OF_SPEC_KINDS.map((k) => ({ value: k, label: `web.diag.kind.${k}` }));

const section = (values: Values): SectionSpec<OutOfSpecRow, OutOfSpecList> => ({
  ...pagedList(REPORT_PATHS.outOfSpec, 'rows'),
  columns: outOfSpecColumns(values[PARAM.line] === ALL_LINES),
  rowKey: outOfSpecKey,
  above: ExcursionChart,
  empty: 'web.diag.empty.outOfSpec',
});

export default function OutOfSpecScreen() {
  return (
    <ReportScreen title="web.diag.title.outOfSpec" filters={FILTERS} controls={<ChoiceFilter param="kind" label="web.diag.filter.kind" options={KINDS} testId="filter-kind" />}>
      <ReportSection spec={section} />
    </ReportScreen>
  );
}
