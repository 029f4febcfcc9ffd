/**
 * The specific view's parts: the frame that turns the route
 * (`:lineId/:recipeId/:batchId/:productionScheduleId/:fromDate/:toDate`, `0`/`NONE` dropping a
 * filter) into the report filters its sections run over and looks the batch up
 * (`getbatchdiagnostics`; a batch that is not there says so); the batch's header; its curves;
 * and the button that compares it, as the reference, with up to nine other batches of its
 * recipe listed in its context.
 */
import { Alert, Button, Group, Text, Title } from '@mantine/core';
import { useCallback, useMemo, type ReactNode, type Ref } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { REPORT_PATHS, type ReportParams } from '../api/report-types';
import { useReport } from '../api/reports-api';
import { ReportContext, useReportContext, type ReportContextValue } from '../hooks/report-context';
import { useReportFormat } from '../hooks/use-report-format';
import type { FilterSpec } from '../hooks/use-report-filters';
import { recipeLabel, statusId } from '../utils/batch-format';
import { diagPaths, type SpecificRoute } from '../utils/diag-paths';
import { recipeKey, tokenOf } from '../utils/diag-select';
import { MAX_COMPARED, type BatchDiagnostics } from '../utils/diag-types';
import { ALL_LINES, apiParams, PARAM, writeValues, type Values } from '../utils/filters';
import { BatchCurves } from './batch-curves';
import type { ChartHandle } from './report-chart';
import { ReportFigures } from './report-figures';

const NO_PICKERS: FilterSpec = { pickers: [] };
const NOTHING: Values = {};

/** The batch's own query (the range rides along: its PDFs need one). */
export const batchQuery = (values: Values, batchId: string): ReportParams => ({ ...apiParams({ [PARAM.line]: values[PARAM.line], [PARAM.from]: values[PARAM.from], [PARAM.to]: values[PARAM.to] }), batchId });

function Refused({ error, batchId }: { error: unknown; batchId: string }) {
  const { t } = useReportFormat();
  const missing = error instanceof ApiError && error.status === 404;
  const text = missing ? t('web.batch.notFound', { batch: batchId }) : ((error instanceof ApiError ? error.firstError() : undefined) ?? t('server.error'));
  return (
    <Alert color="red" variant="light" role="alert" data-testid={missing ? 'diag-batch-not-found' : 'diag-batch-error'}>
      {text}
    </Alert>
  );
}

/** The route's filters as a report context, the batch looked up; its sections once it is found. */
export function SpecificFrame({ route, title, children }: { route: SpecificRoute & { from: string; to: string }; title: string; children: (batch: BatchDiagnostics) => ReactNode }) {
  const [, setSearch] = useSearchParams();
  const set = useCallback((patch: Values) => setSearch((s) => writeValues(s, patch, NOTHING, NOTHING)), [setSearch]);
  const report = useCallback(() => {}, []);
  const context = useMemo<ReportContextValue>(() => {
    const values: Values = {
      [PARAM.line]: route.lineId || ALL_LINES,
      [PARAM.from]: route.from,
      [PARAM.to]: route.to,
      [PARAM.recipe]: route.recipeId,
      [PARAM.order]: route.productionScheduleId,
    };
    return { values, seeds: NOTHING, ready: true, set, spec: NO_PICKERS, title, errors: NOTHING, report };
  }, [route.lineId, route.from, route.to, route.recipeId, route.productionScheduleId, set, title, report]);
  const header = useReport(REPORT_PATHS.batchDiagnostics, batchQuery(context.values, route.batchId));
  let body: ReactNode;
  if (header.isError) body = <Refused error={header.error} batchId={route.batchId} />;
  else if (!header.data) body = <Spinner fill />;
  else body = children(header.data);
  return <ReportContext.Provider value={context}>{body}</ReportContext.Provider>;
}

export function SpecificHeader({ batch }: { batch: BatchDiagnostics }) {
  const fmt = useReportFormat();
  const when = (v: string | null | undefined) => (v ? fmt.dateTime(v) : '—');
  const status = statusId(batch.status);
  return (
    <ReportFigures
      label={fmt.t('web.diag.batchFacts')}
      testId="diag-batch"
      figures={[
        { id: 'line', label: fmt.t('web.report.col.line'), value: batch.lineName || batch.lineId },
        { id: 'recipe', label: fmt.t('web.report.col.recipe'), value: recipeLabel(batch) || '—' },
        { id: 'order', label: fmt.t('web.report.col.order'), value: batch.scheduleName || '—' },
        { id: 'started', label: fmt.t('web.report.col.started'), value: when(batch.startedAt) },
        { id: 'ended', label: fmt.t('web.report.col.ended'), value: when(batch.endedAt) },
        { id: 'status', label: fmt.t('web.report.col.status'), value: status ? fmt.t(status) : batch.status },
        { id: 'outOfSpec', label: fmt.t('web.diag.outOfSpecCount'), value: fmt.count(batch.outOfSpec.length) },
      ]}
    />
  );
}

/** Above the batch's process values: its curves (the section's chart, for its PDF). */
export function SpecificCurves({ answer, chartRef }: { answer: BatchDiagnostics; chartRef: Ref<ChartHandle> }) {
  return <BatchCurves answer={{ lineId: answer.lineId, batchId: answer.batchId, startedAt: answer.startedAt, steps: [], planned: [], curves: answer.curves }} chartRef={chartRef} />;
}

/**
 * The context's heading, and "Compare with these": this batch as the reference and up to nine
 * other batches of its recipe the context lists.
 */
export function CompareWith({ batch }: { batch: BatchDiagnostics }) {
  const fmt = useReportFormat();
  const { t } = fmt;
  const { values } = useReportContext();
  const params = apiParams(values);
  const list = useReport(REPORT_PATHS.batchesWithParameters, params);
  const rows = list.data?.rows ?? [];
  const own = recipeKey(batch);
  const others = rows.filter((b) => !(b.batchId === batch.batchId && b.lineId === batch.lineId) && recipeKey(b) === own).slice(0, MAX_COMPARED - 1);
  const me = tokenOf(batch, rows);
  const to = diagPaths.compareOf(
    { lineId: params[PARAM.line], from: params[PARAM.from] ?? '', to: params[PARAM.to] ?? '', recipeId: params[PARAM.recipe] },
    [me, ...others.map((b) => tokenOf(b, rows))],
    me,
  );
  const heading = t(values[PARAM.order] ? 'web.diag.contextOrder' : 'web.diag.contextRecipe', { from: fmt.dateTime(values[PARAM.from]), to: fmt.dateTime(values[PARAM.to]) });
  return (
    <>
      <Title order={2} size="h4" mb="xs" data-testid="diag-context-heading">
        {heading}
      </Title>
      <Group gap="sm" mb="sm" wrap="wrap">
      {others.length === 0 ? (
        <Button disabled data-testid="diag-compare-with">
          {t('web.diag.compareWith')}
        </Button>
      ) : (
        <Button component={Link} to={to} data-testid="diag-compare-with">
          {t('web.diag.compareWith')}
        </Button>
      )}
      <Text size="sm" data-testid="diag-compare-with-note">
          {others.length === 0 ? t('web.diag.noOthers') : t('web.diag.compareWithNote', { count: others.length })}
        </Text>
      </Group>
    </>
  );
}
