/**
 * /audit: the audit trail — who did what to which record, when — newest first, a page at a
 * time, by the range (plant time; the last seven days unless the URL says otherwise), a line,
 * a user, a kind of record, an action and a record's id, every filter in the URL. A row opens
 * its entry; the export menu makes the filtered trail a PDF, CSV or Excel file.
 */
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ListPagination } from '@/components/list-pagination';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { pageCount } from '@/lib/paged';
import { recentDays } from '@/lib/plant-time';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { useAuditEntries, useAuditFacets } from '../api/audit-api';
import { ALL_LINES, PAGE_SIZE } from '../api/audit-types';
import { useAuditText } from '../hooks/use-audit-text';
import { apiFilters, backwards, DEFAULT_DAYS, narrowed, readFilters, writeFilters, type AuditFilters as Filters } from '../utils/filters';
import { auditPaths } from '../utils/paths';
import { AuditExports } from './audit-exports';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';

/** The fields the api names in a 400 that are the filters' own. */
const FILTER_FIELDS = ['fromDateTime', 'toDateTime', 'lineId', 'user', 'entity', 'action', 'entityId'];

export function AuditListPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const filters = readFilters(params);
  const text = useAuditText(filters.lineId === ALL_LINES ? null : filters.lineId);
  const { t } = text;
  const [now] = useState(() => new Date());
  const fallback = useMemo(() => recentDays(now, text.zone, DEFAULT_DAYS), [now, text.zone]);
  const range = { from: filters.from ?? fallback.from, to: filters.to ?? fallback.to };
  const invalid = backwards(range.from, range.to);
  const query = invalid ? null : apiFilters(filters, range);
  const list = useAuditEntries(query, filters.page);
  const facets = useAuditFacets();
  useQueryErrorNotice({ isError: facets.isError, error: facets.error });

  const fieldErrors: Record<string, string | undefined> = list.error instanceof ApiError ? { ...(list.error.body?.errors ?? {}) } : {};
  if (invalid) fieldErrors.toDateTime = t('web.audit.rangeBackwards');
  const onFilter = FILTER_FIELDS.some((f) => fieldErrors[f]);
  const update = (patch: Partial<Filters>) => setParams((p) => writeFilters(p, patch), { replace: true });
  const open = (id: number) => void navigate(auditPaths.entry(id, params.toString()));
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  let body;
  if (list.isPending && !invalid) body = <Spinner fill />;
  else if (list.isError && !onFilter)
    body = (
      <Alert color="red" variant="light" role="alert" data-testid="audit-problem">
        {(list.error instanceof ApiError ? list.error.firstError() : undefined) ?? t('server.error')}
      </Alert>
    );
  else if (rows.length === 0 || invalid || list.isError)
    body = (
      <Text data-testid="audit-empty" role="status">
        {t(narrowed(filters) ? 'web.audit.noMatch' : 'web.audit.none')}
      </Text>
    );
  else {
    const first = (filters.page - 1) * PAGE_SIZE + 1;
    body = (
      <>
        <Text size="sm" c="dimmed" role="status" mb="xs" data-testid="audit-count">
          {t('web.audit.range', { from: text.count(first), to: text.count(first + rows.length - 1), total: text.count(total) })}
        </Text>
        <AuditTable rows={rows} text={text} onOpen={(e) => open(e.id)} />
        <ListPagination total={pageCount(total, PAGE_SIZE)} value={filters.page} onChange={(page) => update({ page })} />
      </>
    );
  }

  return (
    <section aria-labelledby="screen-title" aria-busy={list.isFetching}>
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} size="h2" id="screen-title">
            {t('web.screen.audit')}
          </Title>
          <Text size="sm" c="dimmed" data-testid="audit-zone">
            {t('web.audit.timesIn', { zone: text.zone })}
          </Text>
        </Stack>
        <AuditExports filters={query} text={text} />
      </Group>
      <AuditFilters filters={filters} range={range} facets={facets.data} errors={fieldErrors} text={text} onChange={update} />
      {body}
    </section>
  );
}
