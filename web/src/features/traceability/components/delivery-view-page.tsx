/**
 * /traceability/deliveries/view/:id: a delivery's facts, the batches it carried (each linking
 * to its backward trace) and the lots in it with their suppliers (each batch's share of each
 * lot × what was loaded of the batch).
 */
import { Button, Group, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { FactsTable } from '@/components/facts-table';
import { useDeliveryTrace } from '../api/deliveries-api';
import { useTraceAccess } from '../hooks/use-trace-access';
import { useTraceText } from '../hooks/use-trace-text';
import { tracePaths } from '../utils/paths';
import { LotsUsedTable } from './lots-used';
import { ScreenFallback } from './screen-fallback';
import { BatchesTable, TraceSection } from './trace-tables';

export function DeliveryViewPage() {
  const { id = '' } = useParams();
  const trace = useDeliveryTrace(id);
  const lineId = trace.data?.delivery.batches[0]?.lineId;
  const text = useTraceText(lineId);
  const { t } = text;
  const access = useTraceAccess();
  if (!trace.data) return <ScreenFallback title={t('web.action.view', { entity: t('web.screen.delivery') })} pending={trace.isPending} error={trace.error} />;
  const d = trace.data.delivery;
  return (
    <section aria-labelledby="screen-title" data-testid="delivery-view">
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
        <Title order={1} size="h2" id="screen-title">
          {t('web.trace.deliveryTitle', { number: d.deliveryNumber })}
        </Title>
        <Group gap="xs">
          {access.update ? (
            <Button variant="default" component={Link} to={tracePaths.editDelivery(d._id)}>
              {t('web.config.edit')}
            </Button>
          ) : null}
          <Button variant="subtle" component={Link} to={tracePaths.deliveries}>
            {t('web.trace.backToDeliveries')}
          </Button>
        </Group>
      </Group>
      <FactsTable
        label={t('web.trace.deliveryFacts')}
        testId="delivery-facts"
        facts={[
          { id: 'customer', label: t('web.trace.col.customer'), value: `${d.customerCode} · ${d.customerName}` },
          { id: 'deliveredAt', label: t('web.trace.col.deliveredAt'), value: text.dateTime(d.deliveredAt) },
          { id: 'vehicle', label: t('web.trace.col.vehicle'), value: d.vehicle || '—' },
          { id: 'kg', label: t('web.trace.col.deliveredKg'), value: text.kg(d.kg) },
          { id: 'created', label: t('web.trace.recordedBy'), value: t('web.trace.atBy', { at: text.dateTime(d.createdAt), by: d.createdBy ?? '—' }) },
        ]}
      />
      <BatchesTable rows={trace.data.batches} kgHeader={t('web.trace.col.deliveredKg')} />
      <TraceSection id="trace-lots" title={t('web.trace.lotsInDelivery', { count: trace.data.lots.length })} testId="delivery-lots">
        <LotsUsedTable lots={trace.data.lots} labelledBy="trace-lots" testId="delivery-lots-table" ofDelivery />
      </TraceSection>
    </section>
  );
}
