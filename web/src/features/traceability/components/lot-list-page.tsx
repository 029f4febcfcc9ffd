import { Button, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ListPagination } from '@/components/list-pagination';
import { Spinner } from '@/components/spinner';
import { ApiError, query } from '@/lib/api-client';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { useDeleteLot, useLots } from '../api/lots-api';
import { PAGE_SIZE, type Lot } from '../api/trace-types';
import { useTraceAccess } from '../hooks/use-trace-access';
import { useTraceText } from '../hooks/use-trace-text';
import { RecordDeleteDialog } from './record-delete-dialog';
import { backwards, pageCount, readLotFilters, writeFilters, type LotFilters as Filters } from '../utils/filters';
import { tracePaths } from '../utils/paths';
import { LotFilters } from './lot-filters';
import { LotTable } from './lot-table';
import { StatusDialog } from './status-dialog';

/** /traceability/lots: the lots received, filtered and paged by the URL, with goods-in and each lot's actions. */
export function LotListPage() {
  const { t } = useTraceText();
  const [params, setParams] = useSearchParams();
  const filters = readLotFilters(params);
  const { lines } = useLines();
  const access = useTraceAccess();
  const invalid = backwards(filters.from, filters.to);
  const lots = useLots(invalid ? null : { ...filters });
  const remove = useDeleteLot();
  const [moving, setMoving] = useState<Lot | null>(null);
  const [deleting, setDeleting] = useState<Lot | null>(null);
  const serverToError = lots.error instanceof ApiError ? lots.error.body?.errors?.toDateTime : undefined;
  useQueryErrorNotice({ isError: lots.isError && !serverToError, error: lots.error });
  const update = (patch: Partial<Filters>) => setParams((p) => writeFilters(p, patch), { replace: true });
  const narrowed = Boolean(filters.materialId || filters.supplierId || filters.status || filters.lotNumber.trim() || filters.from || filters.to || params.get('lineId'));
  const rows = lots.data?.rows ?? [];
  const total = lots.data?.total ?? 0;

  let body;
  if (lots.isPending && !invalid) body = <Spinner fill />;
  else if (rows.length === 0 || invalid)
    body = (
      <Text data-testid="lot-empty" role="status">
        {t(narrowed ? 'web.trace.noLotMatch' : 'web.trace.noLots')}
      </Text>
    );
  else
    body = (
      <>
        <Text size="sm" c="dimmed" role="status" mb="xs" data-testid="lot-count">
          {t('web.trace.lotCount', { count: total })}
        </Text>
        <LotTable rows={rows} access={access} onStatus={setMoving} onDelete={setDeleting} />
        <ListPagination total={pageCount(total, PAGE_SIZE)} value={filters.page} onChange={(page) => update({ page })} />
      </>
    );

  return (
    <section aria-labelledby="screen-title" aria-busy={lots.isFetching}>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} size="h2" id="screen-title">
          {t('web.screen.lots')}
        </Title>
        {access.create ? (
          <Button component={Link} to={`${tracePaths.newLot}${query({ lineId: params.get('lineId') })}`} data-testid="goods-in">
            {t('web.trace.goodsIn')}
          </Button>
        ) : null}
      </Group>
      <LotFilters filters={filters} lines={lines} toError={invalid ? t('web.trace.rangeBackwards') : serverToError} onChange={update} />
      {body}
      <StatusDialog lot={moving} onClose={() => setMoving(null)} />
      <RecordDeleteDialog record={deleting} name={(l) => t('web.trace.lotNamed', { lot: l.lotNumber })} remove={remove} onClose={() => setDeleting(null)} />
    </section>
  );
}
