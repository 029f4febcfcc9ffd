/**
 * /traceability/recall (`?lotId=` preselects): pick a lot (searched by number on the server),
 * then everything it reached — the customers with the kilograms of the lot each received
 * first (whom a recall coordinator phones), the deliveries, batches, orders, the batches at
 * risk of carry-over and the mass balance — and the recall report as PDF, CSV or XLSX.
 */
import { Alert, Anchor, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/spinner';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { useLot, useLots, useLotTrace } from '../api/lots-api';
import { ALL_LINES, type Lot, type LotTrace } from '../api/trace-types';
import { useTraceText } from '../hooks/use-trace-text';
import { tracePaths } from '../utils/paths';
import { LotStatusBadge } from './lot-status-badge';
import { MassBalance } from './mass-balance';
import { RecallExports } from './recall-exports';
import { Problem } from './screen-fallback';
import { BatchesTable, BinsTable, CarryOverTable, CustomersTable, DeliveriesTable, OrdersTable, TraceSection } from './trace-tables';

/** Lots offered per search. */
const OFFERED = 20;

function LotPicker({ lotId, onPick }: { lotId: string | null; onPick: (id: string | null) => void }) {
  const text = useTraceText();
  const { t } = text;
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search, 250);
  const chosen = useLot(lotId);
  const found = useLots({ lineId: ALL_LINES, materialId: null, supplierId: null, status: null, lotNumber: typed, from: null, to: null, page: 1, limit: OFFERED });
  useQueryErrorNotice(found);
  const label = (l: Lot) => t('web.trace.lotOption', { lot: l.lotNumber, material: l.materialCode, supplier: l.supplierCode, received: text.date(l.receivedAt, l.lineId) });
  const lots = [...(found.data?.rows ?? [])];
  if (chosen.data && !lots.some((l) => l._id === chosen.data._id)) lots.unshift(chosen.data);
  return (
    <Select
      label={t('web.trace.pickLot')}
      description={t('web.trace.pickLotHint')}
      placeholder={t('web.trace.pickLotPlaceholder')}
      data={lots.map((l) => ({ value: l._id, label: label(l) }))}
      value={lotId}
      onChange={(id) => {
        onPick(id);
        setSearch('');
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? t('web.common.loading') : t('web.trace.noLotFound')}
      clearable
      maw={560}
      data-testid="recall-lot"
    />
  );
}

function RecallBody({ trace }: { trace: LotTrace }) {
  const text = useTraceText(trace.lot.lineId);
  const { t } = text;
  const lot = trace.lot;
  const lotDelivered = trace.customers.reduce((sum, c) => sum + c.lotKg, 0);
  return (
    <Stack gap={0} data-testid="recall-result">
      <Paper withBorder p="md" radius="sm" mt="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={2} size="h3">
                {t('web.trace.lotTitle', { lot: lot.lotNumber, material: lot.materialCode })}
              </Title>
              <LotStatusBadge status={lot.status} />
            </Group>
            <Text size="sm">
              {t('web.trace.recallLotLine', { material: lot.materialName, supplier: `${lot.supplierCode} · ${lot.supplierName}`, received: text.dateTime(lot.receivedAt), kg: text.kg(lot.quantityKg) })}
            </Text>
            <Anchor component={Link} to={tracePaths.lot(lot._id)} size="sm">
              {t('web.trace.openLot')}
            </Anchor>
          </Stack>
          <RecallExports lot={lot} lineId={lot.lineId} />
        </Group>
      </Paper>
      <Alert color={trace.customers.length ? '#c92a2a' : 'gray'} variant="light" mt="md" role="status" data-testid="recall-summary">
        {t('web.trace.recallSummary', {
          customers: trace.customers.length,
          deliveries: trace.deliveries.length,
          batches: trace.batches.length,
          risks: trace.carryOver.length,
          kg: text.kg(lotDelivered),
        })}
      </Alert>
      <CustomersTable rows={trace.customers} />
      <DeliveriesTable rows={trace.deliveries} />
      <BatchesTable rows={trace.batches} />
      <OrdersTable rows={trace.orders} />
      <CarryOverTable rows={trace.carryOver} />
      <TraceSection id="trace-balance" title={t('web.trace.balance.title')}>
        <MassBalance balance={trace.balance} lineId={lot.lineId} />
      </TraceSection>
      <BinsTable rows={trace.bins} />
    </Stack>
  );
}

export function RecallPage() {
  const { t } = useTraceText();
  const [params, setParams] = useSearchParams();
  const lotId = params.get('lotId');
  const trace = useLotTrace(lotId);
  let body;
  if (!lotId)
    body = (
      <Text mt="md" data-testid="recall-idle">
        {t('web.trace.recallIdle')}
      </Text>
    );
  else if (trace.data) body = <RecallBody trace={trace.data} />;
  else if (trace.isPending) body = <Spinner fill />;
  else body = <Problem error={trace.error} />;
  return (
    <section aria-labelledby="screen-title" data-testid="recall">
      <Title order={1} size="h2" id="screen-title" mb="xs">
        {t('web.screen.recall')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('web.trace.recallIntro')}
      </Text>
      <LotPicker lotId={lotId} onPick={(id) => setParams(id ? { lotId: id } : {}, { replace: false })} />
      {body}
    </section>
  );
}
