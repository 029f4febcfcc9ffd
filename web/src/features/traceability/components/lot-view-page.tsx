/**
 * /traceability/lots/view/:id: a lot's facts with where its status stands, its mass balance,
 * its genealogy forward (bins, batches, orders, deliveries, customers; each batch links to its
 * backward trace), and the tables of all of it, carry-over risks included; "Recall" opens the
 * recall screen with this lot. After goods-in whose fill failed, says so: the lot stays.
 */
import { Alert, Button, Grid, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useLotTrace } from '../api/lots-api';
import { useTraceAccess } from '../hooks/use-trace-access';
import { useTraceText } from '../hooks/use-trace-text';
import { tracePaths } from '../utils/paths';
import { FillDialog } from './fill-dialog';
import { GenealogyGraph } from './genealogy-graph';
import type { FillOutcome } from './lot-form';
import { LotFacts } from './lot-facts';
import { LotStatusBadge } from './lot-status-badge';
import { MassBalance } from './mass-balance';
import { ScreenFallback } from './screen-fallback';
import { StatusDialog } from './status-dialog';
import { BatchesTable, BinsTable, CarryOverTable, CustomersTable, DeliveriesTable, OrdersTable } from './trace-tables';

export function LotViewPage() {
  const { t } = useTraceText();
  const { id = '' } = useParams();
  const location = useLocation();
  const access = useTraceAccess();
  const trace = useLotTrace(id);
  const [moving, setMoving] = useState(false);
  const [filling, setFilling] = useState(false);
  const fillProblem = (location.state as FillOutcome | null)?.fillProblem;
  const data = trace.data;
  if (!data) return <ScreenFallback title={t('web.action.view', { entity: t('web.screen.lot') })} pending={trace.isPending} error={trace.error} />;
  const lot = data.lot;

  return (
    <section aria-labelledby="screen-title" data-testid="lot-view">
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
        <Group gap="sm" align="center">
          <Title order={1} size="h2" id="screen-title">
            {t('web.trace.lotTitle', { lot: lot.lotNumber, material: lot.materialCode })}
          </Title>
          <LotStatusBadge status={lot.status} size="md" />
        </Group>
        <Group gap="xs" data-testid="lot-actions">
          <Button component={Link} to={tracePaths.recall(lot._id)} color="#c92a2a" data-testid="lot-recall">
            {t('web.trace.recall')}
          </Button>
          {access.update ? (
            <Button variant="default" onClick={() => setMoving(true)} data-testid="lot-status-open">
              {t('web.trace.changeStatus')}
            </Button>
          ) : null}
          {access.create && lot.status !== 'BLOCKED' ? (
            <Button variant="default" onClick={() => setFilling(true)} data-testid="lot-fill-open">
              {t('web.trace.fill.open')}
            </Button>
          ) : null}
          {access.update ? (
            <Button variant="default" component={Link} to={tracePaths.editLot(lot._id)}>
              {t('web.config.edit')}
            </Button>
          ) : null}
          <Button variant="subtle" component={Link} to={tracePaths.lots}>
            {t('web.trace.backToLots')}
          </Button>
        </Group>
      </Group>
      {fillProblem ? (
        <Alert color="#a65b00" variant="light" role="alert" mb="md" title={t('web.trace.fill.failedTitle')} data-testid="fill-failed">
          {t('web.trace.fill.failed', { lot: lot.lotNumber, reason: fillProblem })}
        </Alert>
      ) : null}
      <Grid gap="lg" mb="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <LotFacts lot={lot} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Stack gap="xs">
            <Title order={2} size="h4" id="trace-balance">
              {t('web.trace.balance.title')}
            </Title>
            <MassBalance balance={data.balance} lineId={lot.lineId} />
          </Stack>
        </Grid.Col>
      </Grid>
      <GenealogyGraph trace={data} />
      <CustomersTable rows={data.customers} />
      <DeliveriesTable rows={data.deliveries} />
      <BatchesTable rows={data.batches} />
      <OrdersTable rows={data.orders} />
      <CarryOverTable rows={data.carryOver} />
      <BinsTable rows={data.bins} />
      <StatusDialog lot={moving ? lot : null} onClose={() => setMoving(false)} />
      <FillDialog lot={filling ? lot : null} onClose={() => setFilling(false)} />
    </section>
  );
}
