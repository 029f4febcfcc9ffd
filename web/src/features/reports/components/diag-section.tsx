/**
 * A section of the diagnostics and PCS screens whose table is worked out from the answer (a
 * compare's values per parameter and batch, a sensor's chart summed up) or that draws several
 * charts: the answer's loading, refusal (every field error the server gave, also shown at the
 * filter it names) and "no data" each said; then the charts, the table sorted and paged here,
 * and its exports — CSV and XLSX of the rows shown, the PDF drawn by the server from the same
 * query with every chart (up to ten) as an image.
 */
import { Alert, Group, List, Stack, Title } from '@mantine/core';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ListPagination } from '@/components/list-pagination';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import type { ReportParams, ReportPath, RowsField } from '../api/report-types';
import { useReport } from '../api/reports-api';
import { useReportContext } from '../hooks/report-context';
import { useReportFormat } from '../hooks/use-report-format';
import { isNumeric, valueOf, type Column } from '../utils/columns';
import { PARAM } from '../utils/filters';
import { nextSort, pageCount, pageOf, sortRows, type SortState } from '../utils/sort';
import { ExportMenu } from './export-menu';
import type { ChartHandle } from './report-chart';
import { ReportTable, type Expansion } from './report-table';

/** The most images a PDF takes (the api's limit). */
const MAX_IMAGES = 10;

/** A report of a section (null params: not asked yet); its field errors go to the filter bar. */
export function useSectionReport<P extends ReportPath>(id: string, path: P, params: ReportParams | null) {
  const report = useReport(path, params);
  const { report: tell } = useReportContext();
  const errors = report.error instanceof ApiError ? (report.error.body?.errors ?? null) : null;
  useEffect(() => tell(id, errors), [tell, id, errors]);
  return report;
}

/** Every refusal the server gave: its field errors, else its message. */
function refusals(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const fields = Object.values(error.body?.errors ?? {});
  if (fields.length > 0) return [...new Set(fields)];
  const first = error.firstError();
  return first ? [first] : [];
}

/** The answer's children once it is in; a spinner while it loads; the server's refusals. */
export function Answered<A>({ report, testId, children }: { report: { data?: A; isPending: boolean; isError: boolean; error: unknown }; testId: string; children: (answer: A) => ReactNode }) {
  const { t } = useReportFormat();
  if (report.isPending) return <Spinner fill />;
  if (report.isError || report.data === undefined) {
    const said = refusals(report.error);
    return (
      <Alert color="red" variant="light" role="alert" data-testid={`${testId}-error`}>
        {said.length > 1 ? (
          <List size="sm">
            {said.map((s) => (
              <List.Item key={s}>{s}</List.Item>
            ))}
          </List>
        ) : (
          (said[0] ?? t('server.error'))
        )}
      </Alert>
    );
  }
  return <>{children(report.data)}</>;
}

export interface DiagTableProps<R> {
  /** The section's test ids: `<testId>`, `<testId>-table`, `<testId>-export`. */
  testId: string;
  /** Its heading, translated (also the exports' title). */
  heading: string;
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  /** Message id of the sentence instead of an empty table. */
  empty: string;
  /** The server's report the PDF is drawn from, and which list of it is printed. */
  pdf: { path: ReportPath; params: ReportParams; rowsField: RowsField };
  /** The charts shown, for the PDF. */
  charts?: () => (ChartHandle | null)[];
  expand?: Expansion<R>;
  /** Shown between the heading and the table (charts, figures). */
  children?: ReactNode;
}

export function DiagTable<R>({ testId, heading, columns, rows, rowKey, empty, pdf, charts, expand, children }: DiagTableProps<R>) {
  const fmt = useReportFormat();
  const { values } = useReportContext();
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(1);
  const collator = useMemo(() => new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }), []);
  const sorted = useMemo(() => {
    const column = columns.find((c) => c.id === sort?.by);
    return column && sort ? sortRows(rows, (r) => valueOf(column, r), sort.dir, collator) : [...rows];
  }, [rows, columns, sort, collator]);
  const pages = pageCount(sorted.length);
  const from = values[PARAM.from];
  return (
    <Stack gap="sm" mb="xl" data-testid={testId}>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4">
          {heading}
        </Title>
        <ExportMenu
          testId={`${testId}-export`}
          disabled={rows.length === 0}
          source={{
            heading,
            columns,
            rows: () => Promise.resolve(sorted),
            path: pdf.path,
            params: pdf.params,
            rowsField: pdf.rowsField,
            charts: () => (charts?.() ?? []).slice(0, MAX_IMAGES),
            from,
          }}
        />
      </Group>
      {children}
      <ReportTable
        caption={fmt.t('web.report.caption', { title: heading, from: fmt.dateTime(from), to: fmt.dateTime(values[PARAM.to]), zone: fmt.zone })}
        columns={columns}
        rows={pageOf(sorted, page)}
        rowKey={rowKey}
        empty={fmt.t(empty)}
        sort={sort}
        onSort={(c) => {
          setSort(nextSort(sort, c.id, isNumeric(c.kind)));
          setPage(1);
        }}
        expand={expand}
        testId={`${testId}-table`}
      />
      <ListPagination total={pages} value={Math.min(page, pages)} onChange={setPage} />
    </Stack>
  );
}
