/**
 * The frame of one batch's screens (its details, its alarms): the batch named by the route
 * (`:id`, the batch number, and `?lineId=` when two lines share it) is looked up
 * (`getlinebatchdetails`); a batch that is not there says so (404 `report.batchNotFound`), as
 * does any other refusal. Found, its sections run as report sections over the batch: its
 * number and line, and its start to its end as the range (the batch PDFs need one).
 */
import { Alert, Anchor, Group, Stack, Title } from '@mantine/core';
import { useCallback, useMemo, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { REPORT_PATHS } from '../api/report-types';
import { useReport } from '../api/reports-api';
import { ReportContext, type ReportContextValue } from '../hooks/report-context';
import { useReportFormat } from '../hooks/use-report-format';
import type { FilterSpec } from '../hooks/use-report-filters';
import { batchPaths, batchRange } from '../utils/batch-paths';
import type { BatchDetails } from '../utils/batch-types';
import { PARAM, writeValues, type Values } from '../utils/filters';

/** The batch the route names. */
export function useBatchRoute(): { batchId: string; lineId: string } {
  const { id } = useParams();
  const [search] = useSearchParams();
  return { batchId: id ?? '', lineId: search.get(PARAM.line) ?? '' };
}

const NO_PICKERS: FilterSpec = { pickers: [] };
const NOTHING: Values = {};

interface Props {
  /** The screen's heading (and its PDFs'), given the batch number. */
  heading: (batchId: string) => string;
  /** Links beside the heading (back to the summary, to the batch's alarms). */
  links: (batch: BatchDetails | null) => ReactNode;
  testId: string;
  children: (batch: BatchDetails) => ReactNode;
}

function Refused({ error, batchId }: { error: unknown; batchId: string }) {
  const fmt = useReportFormat();
  const missing = error instanceof ApiError && error.status === 404;
  const text = missing ? fmt.t('web.batch.notFound', { batch: batchId }) : ((error instanceof ApiError ? error.firstError() : undefined) ?? fmt.t('server.error'));
  return (
    <Alert color="red" variant="light" role="alert" title={missing ? fmt.t('web.batch.notFoundTitle') : undefined} data-testid={missing ? 'batch-not-found' : 'batch-error'}>
      {text}
    </Alert>
  );
}

export function BatchFrame({ heading, links, testId, children }: Props) {
  const { batchId, lineId } = useBatchRoute();
  const [, setSearch] = useSearchParams();
  const header = useReport(REPORT_PATHS.batchDetails, batchId ? { batchId, lineId: lineId || undefined } : null);
  const batch = header.data && header.data.batchId === batchId ? header.data : null;
  const title = heading(batchId);

  const set = useCallback((patch: Values) => setSearch((s) => writeValues(s, patch, NOTHING, NOTHING)), [setSearch]);
  const report = useCallback(() => {}, []);
  const context = useMemo<ReportContextValue | null>(() => {
    if (!batch) return null;
    const range = batchRange(batch);
    const values: Values = { [PARAM.line]: batch.lineId, [PARAM.from]: range.from, [PARAM.to]: range.to, batchId: batch.batchId };
    return { values, seeds: NOTHING, ready: true, set, spec: NO_PICKERS, title, errors: NOTHING, report };
  }, [batch, set, title, report]);

  let body: ReactNode;
  if (header.isError) body = <Refused error={header.error} batchId={batchId} />;
  else if (!context || !batch) body = <Spinner fill />;
  else body = <ReportContext.Provider value={context}>{children(batch)}</ReportContext.Provider>;

  return (
    <section aria-labelledby="screen-title" data-testid={testId}>
      <Stack gap="xs" mb="md">
        <Title order={1} size="h2" id="screen-title">
          {title}
        </Title>
        <Group gap="lg" wrap="wrap">
          {links(batch)}
        </Group>
      </Stack>
      {body}
    </section>
  );
}

/** A link of the frame's heading. */
export function FrameLink({ to, text, testId }: { to: string; text: string; testId: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" data-testid={testId}>
      {text}
    </Anchor>
  );
}

/** Back to the batch summary, with its kept filters and page when there are some. */
export function summaryLink(kept: string | null): string {
  return `${batchPaths.summary}${kept ?? ''}`;
}
