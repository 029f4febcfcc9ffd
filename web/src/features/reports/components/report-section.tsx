/**
 * One report of a screen: its call (the screen's filters plus what the section adds), a chart,
 * the table (sorted and paged by the URL: `sort=actualKg:desc`, `page=2`, prefixed by the
 * section's id when a screen has several), and its export menu. Loading, failure (the server's
 * field errors go to the filter bar), "nothing chosen yet" and "no data" each say so.
 */
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ComponentType, type Ref } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ListPagination } from '@/components/list-pagination';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import type { AnswerOf, PathWithRows, ReportParams, ReportPath, RowsField, RowsOf } from '../api/report-types';
import { fetchAll, useReport } from '../api/reports-api';
import { useReportContext } from '../hooks/report-context';
import { useReportFormat, type ReportFormat } from '../hooks/use-report-format';
import { distinctLabels } from '../utils/chart-labels';
import { isNumeric, pick, valueOf, type Column } from '../utils/columns';
import { apiParams, backwards, PARAM, type Values } from '../utils/filters';
import { nextSort, pageCount, pageOf, sortRows, type SortState } from '../utils/sort';
import { ExportMenu } from './export-menu';
import { ReportChart, type ChartHandle } from './report-chart';
import { ReportTable, type Expansion } from './report-table';

export interface ChartSpec<R> {
  /** Message id of its title. */
  title: string;
  kind: 'bar' | 'line';
  label: (row: R, fmt: ReportFormat) => string;
  value: (row: R) => number;
  unit: 'kg' | 'pct' | 'count';
}

export interface SectionSpec<R, A = unknown> {
  /** Prefix of its sort and page parameters ('' for a screen's one section). */
  id: string;
  /** A report whose answer holds a list of `R` rows (checked against the api's document). */
  path: PathWithRows<R>;
  /** The call's query from the filters (`base`); null: nothing to ask yet (the `idle` sentence). */
  params?: (base: ReportParams, values: Values) => ReportParams | null;
  rowsField: RowsField;
  columns: readonly Column<R>[];
  rowKey: (row: R) => string;
  chart?: ChartSpec<R>;
  /**
   * Shown above the chart and table once the answer is in: figures of the whole answer (totals,
   * counts), or a chart of its own drawn through `chartRef` (then the PDF carries it). A
   * component declared once (not made per render), so what it draws is kept.
   */
  above?: ComponentType<{ answer: A; chartRef: Ref<ChartHandle> }>;
  expand?: Expansion<R>;
  /** Where the answer holds the figures of the totals row (a dotted path; default `totals`). */
  totalsField?: string;
  /** Message id of the sentence for a range without data. */
  empty: string;
  /** Message id of the sentence while `params` answers null. */
  idle?: string;
  /** Its own heading (translated); none: the screen's title names it. */
  heading?: string;
  /** The table's name in its caption where the heading names more than the table (translated); none: the heading. */
  caption?: string;
  /** Server paging with this many rows a page, and how the exports fetch every page. */
  server?: { limit: number; all: (params: ReportParams, onProgress: (f: number) => void) => Promise<R[]> };
}

/** A list of a report the server pages (`page`, `limit`), `limit` rows a page; its exports fetch every page. */
export function pagedList<P extends ReportPath, F extends keyof AnswerOf<P> & RowsField>(path: P, rowsField: F, limit = 50): Pick<SectionSpec<RowsOf<P, F>>, 'id' | 'path' | 'rowsField' | 'server'> {
  // `P` answers a list of its `F` rows by construction, which the conditional type cannot see.
  return { id: rowsField, path: path as unknown as PathWithRows<RowsOf<P, F>>, rowsField, server: { limit, all: fetchAll(path, rowsField) } };
}

/**
 * The query of a section showing what covers every page of a paged report (its totals, its
 * Pareto, its bins or scales): one row of the paged list is enough to ask for.
 */
export const summaryParams = (base: ReportParams): ReportParams => ({ ...base, page: '1', limit: '1' });

type Answer<R> = Partial<Record<RowsField, R[]>> & { totals?: unknown; total?: number };

/** Most bars a chart shows (the largest, as the api orders them). */
const MAX_BARS = 40;

function parseSort(raw: string | null): SortState | null {
  const [by, dir] = (raw ?? '').split(':');
  return by && (dir === 'asc' || dir === 'desc') ? { by, dir } : null;
}

function SectionChart<R>({ spec, rows, chartRef }: { spec: ChartSpec<R>; rows: readonly R[]; chartRef: Ref<ChartHandle> }) {
  const fmt = useReportFormat();
  const shown = spec.kind === 'bar' ? rows.slice(0, MAX_BARS) : rows;
  const labels = distinctLabels(shown.map((r) => spec.label(r, fmt)), shown);
  const values = shown.map((r) => spec.value(r));
  const format = spec.unit === 'kg' ? fmt.kg : spec.unit === 'count' ? fmt.count : fmt.pct;
  const hi = values.indexOf(Math.max(...values));
  const lo = values.indexOf(Math.min(...values));
  const summary = fmt.t('web.report.chart.summary', {
    count: values.length,
    high: labels[hi] ?? '',
    highValue: format(values[hi] ?? 0),
    low: labels[lo] ?? '',
    lowValue: format(values[lo] ?? 0),
  });
  const title = fmt.t(spec.title);
  return <ReportChart ref={chartRef} title={title} x={{ labels }} series={[{ label: title, values, kind: spec.kind }]} format={format} summary={summary} testId="report-chart" />;
}

/** A section of a screen; its spec may depend on the filters (a grouping's columns). */
export function ReportSection<R, A = unknown>({ spec: given }: { spec: SectionSpec<R, A> | ((values: Values) => SectionSpec<R, A>) }) {
  const ctx = useReportContext();
  const spec = typeof given === 'function' ? given(ctx.values) : given;
  const fmt = useReportFormat();
  const [search] = useSearchParams();
  const chart = useRef<ChartHandle>(null);
  const key = (k: string) => (spec.id ? `${spec.id}.${k}` : k);
  const sort = parseSort(search.get(key('sort')));
  const page = Math.max(1, Number(search.get(key('page'))) || 1);
  const from = ctx.values[PARAM.from];
  const to = ctx.values[PARAM.to];

  // A backwards range is said at the range's end and not asked; `filtered` is the query without paging.
  const invalid = backwards(from, to);
  const base = apiParams(ctx.values);
  const filtered = invalid ? null : spec.params ? spec.params(base, ctx.values) : base;
  const params = filtered && spec.server ? { ...filtered, page: String(page), limit: String(spec.server.limit) } : filtered;
  // The spec's path answers a list of `R` under its rows field (`PathWithRows`), so its answer is read so.
  const report = useReport(spec.path, params) as UseQueryResult<Answer<R>>;

  const fieldErrors = report.error instanceof ApiError ? (report.error.body?.errors ?? null) : null;
  const { report: tell } = ctx;
  useEffect(() => tell(spec.id, fieldErrors), [tell, spec.id, fieldErrors]);

  const rows = useMemo(() => report.data?.[spec.rowsField] ?? [], [report.data, spec.rowsField]);
  const serverPaged = Boolean(spec.server);
  const collator = useMemo(() => new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }), []);
  const sorted = useMemo(
    () => {
      const column = spec.columns.find((c) => c.id === sort?.by);
      return column && sort && !serverPaged ? sortRows(rows, (r) => valueOf(column, r), sort.dir, collator) : rows;
    },
    // A spec made from the filters is new on each render; its columns change only with the rows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [rows, sort?.by, sort?.dir, serverPaged, collator],
  );
  const totals = report.data ? pick(report.data, spec.totalsField ?? 'totals') : undefined;
  const pages = spec.server ? pageCount(report.data?.total ?? 0, spec.server.limit) : pageCount(sorted.length);
  const shown = spec.server ? sorted : pageOf(sorted, page);
  const heading = spec.heading ? `${ctx.title} – ${spec.heading}` : ctx.title;
  const Above = spec.above;
  const prefix = spec.id ? `report-${spec.id}` : 'report';

  if (params === null || filtered === null) return !invalid && spec.idle ? <Text data-testid={`${prefix}-idle`}>{fmt.t(spec.idle)}</Text> : null;

  let body;
  if (report.isPending) body = <Spinner fill />;
  else if (report.isError) {
    const text = report.error instanceof ApiError ? report.error.firstError() : undefined;
    body = (
      <Alert color="red" variant="light" role="alert" data-testid={`${prefix}-error`}>
        {text ?? fmt.t('server.error')}
      </Alert>
    );
  } else
    body = (
      <>
        {Above && report.data ? <Above answer={report.data as unknown as A} chartRef={chart} /> : null}
        {spec.chart && rows.length > 0 ? <SectionChart spec={spec.chart} rows={rows} chartRef={chart} /> : null}
        <ReportTable
          caption={fmt.t('web.report.caption', { title: spec.caption ?? spec.heading ?? ctx.title, from: fmt.dateTime(from), to: fmt.dateTime(to), zone: fmt.zone })}
          columns={spec.columns}
          rows={shown}
          rowKey={spec.rowKey}
          totals={rows.length > 0 ? totals : undefined}
          empty={fmt.t(spec.empty)}
          sort={sort}
          onSort={spec.server ? undefined : (c) => {
            const next = nextSort(sort, c.id, isNumeric(c.kind));
            ctx.set({ [key('sort')]: `${next.by}:${next.dir}` });
          }}
          expand={spec.expand}
          testId={`${prefix}-table`}
        />
        <ListPagination total={pages} value={Math.min(page, pages)} onChange={(p) => ctx.set({ [key('page')]: String(p) })} />
      </>
    );

  const all = filtered;
  return (
    <Stack gap="sm" mb="xl" aria-busy={report.isFetching} data-testid={prefix}>
      <Group justify={spec.heading ? 'space-between' : 'flex-end'} wrap="wrap">
        {spec.heading ? (
          <Title order={2} size="h4">
            {spec.heading}
          </Title>
        ) : null}
        <ExportMenu
          testId={`${prefix}-export`}
          disabled={rows.length === 0}
          source={{
            heading,
            columns: spec.columns,
            rows: async (onProgress) => (spec.server ? spec.server.all(all, onProgress) : sorted),
            totals,
            path: spec.path,
            params,
            rowsField: spec.rowsField,
            charts: () => [chart.current],
            from,
          }}
        />
      </Group>
      {body}
    </Stack>
  );
}
