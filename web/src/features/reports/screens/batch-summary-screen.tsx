/**
 * /reporting/batch/batchsummary: the batches of the range, newest first, a page at a time from
 * the server (`page`, `limit`), filtered by line, recipe and order and by kind (every batch, a
 * dose out of tolerance, aborted, past a report parameter's limits — of the parameters chosen).
 * Each batch links to its details and its alarms; exports fetch every page.
 *
 * Opening a batch keeps the summary's address (filters and page) in local storage (§3, §4); the
 * summary opened without filters while one is kept shows it again.
 */
import { Navigate, useLocation } from 'react-router-dom';
import { REPORT_PATHS } from '../api/report-types';
import { fetchAll } from '../api/reports-api';
import { SUMMARY_COLUMNS, summaryKey } from '../components/batch-columns';
import { limitOf, SUMMARY_PARAM, SummaryFilters } from '../components/batch-summary-filters';
import { ReportScreen } from '../components/report-screen';
import { ReportSection, type SectionSpec } from '../components/report-section';
import type { FilterSpec } from '../hooks/use-report-filters';
import { keptSummaryState } from '../utils/batch-paths';
import { EXCEEDED, type SummaryRow } from '../utils/batch-types';
import type { Values } from '../utils/filters';

const FILTERS: FilterSpec = {
  pickers: ['line', 'recipe', 'order'],
  own: { [SUMMARY_PARAM.type]: '', [SUMMARY_PARAM.parameters]: '', [SUMMARY_PARAM.limit]: '' },
};

const everyBatch = fetchAll(REPORT_PATHS.batchSummary, 'rows');

/** The list for the filters: the parameters only with their kind; the page size from `limit`. */
function summary(values: Values): SectionSpec<SummaryRow> {
  return {
    id: '',
    path: REPORT_PATHS.batchSummary,
    params: (base) => ({
      ...base,
      [SUMMARY_PARAM.parameters]: values[SUMMARY_PARAM.type] === EXCEEDED ? base[SUMMARY_PARAM.parameters] : undefined,
      [SUMMARY_PARAM.limit]: undefined,
    }),
    rowsField: 'rows',
    columns: SUMMARY_COLUMNS,
    rowKey: summaryKey,
    chart: { title: 'web.report.chart.kgPerBatch', kind: 'bar', label: (r) => r.batchId, value: (r) => r.actualKg, unit: 'kg' },
    empty: 'web.batch.empty.summary',
    server: { limit: limitOf(values[SUMMARY_PARAM.limit]), all: everyBatch },
  };
}

export default function BatchSummaryScreen() {
  const { pathname, search } = useLocation();
  const kept = search ? null : keptSummaryState();
  if (kept) return <Navigate to={{ pathname, search: kept }} replace />;
  return (
    <ReportScreen title="web.screen.batchSummary" filters={FILTERS} controls={<SummaryFilters />}>
      <ReportSection spec={summary} />
    </ReportScreen>
  );
}
