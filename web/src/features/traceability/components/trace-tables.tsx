/**
 * The tables of a trace: customers, deliveries, batches, orders, carry-over risks and bins,
 * each under its heading (which names the table, and which the genealogy's nodes link to).
 * Batches link to their backward trace, deliveries to their view, orders to theirs where the
 * user may read orders. Carry-over risks are tinted and say why in words.
 */
import { Alert, Anchor, Badge, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ReadTable } from '@/components/read-table';
import type { CarryOverBatch, TracedBatch, TracedBin, TracedCustomer, TracedDelivery, TracedOrder } from '../api/trace-types';
import { useTraceAccess } from '../hooks/use-trace-access';
import { useTraceText } from '../hooks/use-trace-text';
import { tracePaths } from '../utils/paths';

const NUM = { textAlign: 'right', display: 'block', whiteSpace: 'nowrap' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;
const Num = ({ children }: { children: ReactNode }) => <span style={NUM}>{children}</span>;

/** A table's section: its heading (the anchor the diagram links to) and the table. */
export function TraceSection({ id, title, children, testId }: { id: string; title: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="xs" mt="lg" data-testid={testId}>
      <Title order={3} size="h5" id={id} style={{ scrollMarginTop: 80 }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function CustomersTable({ rows, id = 'trace-customers' }: { rows: readonly TracedCustomer[]; id?: string }) {
  const text = useTraceText();
  const { t } = text;
  return (
    <TraceSection id={id} title={t('web.trace.customers', { count: rows.length })} testId="trace-customers">
      <ReadTable
        labelledBy={id}
        testId="trace-customers-table"
        headers={[t('web.trace.col.customer'), t('web.trace.col.name'), t('web.trace.col.deliveries'), t('web.trace.col.deliveredKg'), t('web.trace.col.lotKg')]}
        empty={t('web.trace.noCustomers')}
        rows={rows.map((c) => ({
          key: c.customerId,
          data: { 'data-customer': c.code },
          cells: [
            <Anchor key="c" component={Link} to={tracePaths.customer(c.customerId)} fw={600}>
              {c.code}
            </Anchor>,
            c.name,
            <Num key="d">{text.count(c.deliveries)}</Num>,
            <Num key="k">{text.num(c.kg)}</Num>,
            <Num key="l">
              <strong>{text.num(c.lotKg)}</strong>
            </Num>,
          ],
        }))}
      />
    </TraceSection>
  );
}

/** Deliveries; `ofLot`: with the kilograms of the lot traced in each (a batch's trace has none). */
export function DeliveriesTable({ rows, id = 'trace-deliveries', ofLot = true }: { rows: readonly TracedDelivery[]; id?: string; ofLot?: boolean }) {
  const text = useTraceText();
  const { t } = text;
  const access = useTraceAccess();
  return (
    <TraceSection id={id} title={t('web.trace.deliveries', { count: rows.length })} testId="trace-deliveries">
      <ReadTable
        labelledBy={id}
        testId="trace-deliveries-table"
        minWidth={760}
        headers={[
          t('web.trace.col.delivery'),
          t('web.trace.col.deliveredAt'),
          t('web.trace.col.customer'),
          t('web.trace.col.vehicle'),
          t('web.trace.col.batches'),
          t('web.trace.col.deliveredKg'),
          ...(ofLot ? [t('web.trace.col.lotKg')] : []),
        ]}
        empty={t('web.trace.noDeliveries')}
        rows={rows.map((d) => ({
          key: d.deliveryId,
          data: { 'data-delivery': d.deliveryNumber },
          cells: [
            access.read ? (
              <Anchor key="n" component={Link} to={tracePaths.delivery(d.deliveryId)} fw={600} style={NOWRAP}>
                {d.deliveryNumber}
              </Anchor>
            ) : (
              d.deliveryNumber
            ),
            <span key="a" style={NOWRAP}>
              {text.dateTime(d.deliveredAt)}
            </span>,
            `${d.customerCode} · ${d.customerName}`,
            d.vehicle || '—',
            <Num key="b">{text.count(d.batches)}</Num>,
            <Num key="k">{text.num(d.kg)}</Num>,
            ...(ofLot ? [<Num key="l">{text.num(d.lotKg)}</Num>] : []),
          ],
        }))}
      />
    </TraceSection>
  );
}

/** Batches; `kgHeader`: what `kg` is (of the lot traced, or delivered). */
export function BatchesTable({ rows, id = 'trace-batches', kgHeader, title }: { rows: readonly TracedBatch[]; id?: string; kgHeader?: string; title?: string }) {
  const text = useTraceText();
  const { t } = text;
  const access = useTraceAccess();
  return (
    <TraceSection id={id} title={title ?? t('web.trace.batches', { count: rows.length })} testId="trace-batches">
      <ReadTable
        labelledBy={id}
        testId="trace-batches-table"
        minWidth={860}
        headers={[t('web.trace.col.batch'), t('web.trace.col.line'), t('web.trace.col.recipe'), t('web.trace.col.order'), t('web.trace.col.started'), t('web.trace.col.batchStatus'), t('web.trace.col.batchKg'), kgHeader ?? t('web.trace.col.lotKg')]}
        empty={t('web.trace.noBatches')}
        rows={rows.map((b) => ({
          key: `${b.lineId}/${b.batchId}`,
          data: { 'data-batch': b.batchId },
          cells: [
            access.batchLots ? (
              <Anchor key="b" component={Link} to={tracePaths.batch(b.lineId, b.batchId)} fw={600} style={NOWRAP}>
                {b.batchId}
              </Anchor>
            ) : (
              b.batchId
            ),
            b.lineCode || text.lineName(b.lineId),
            b.recipeCode ? `${b.recipeCode}${b.recipeName ? ` · ${b.recipeName}` : ''}` : '—',
            b.orderId && b.orderNumber && access.orders ? (
              <Anchor key="o" component={Link} to={tracePaths.order(b.orderId)} style={NOWRAP}>
                {b.orderNumber}
              </Anchor>
            ) : (
              (b.orderNumber ?? '—')
            ),
            <span key="s" style={NOWRAP}>
              {text.dateTime(b.startedAt, b.lineId)}
            </span>,
            text.batchStatus(b.status),
            <Num key="bk">{text.num(b.batchKg)}</Num>,
            <Num key="k">{text.num(b.kg)}</Num>,
          ],
        }))}
      />
    </TraceSection>
  );
}

export function OrdersTable({ rows, id = 'trace-orders' }: { rows: readonly TracedOrder[]; id?: string }) {
  const text = useTraceText();
  const { t } = text;
  const access = useTraceAccess();
  return (
    <TraceSection id={id} title={t('web.trace.orders', { count: rows.length })} testId="trace-orders">
      <ReadTable
        labelledBy={id}
        testId="trace-orders-table"
        headers={[t('web.trace.col.order'), t('web.trace.col.line'), t('web.trace.col.batches'), t('web.trace.col.lotKg')]}
        empty={t('web.trace.noOrders')}
        maw={760}
        rows={rows.map((o) => ({
          key: o.orderId,
          cells: [
            access.orders ? (
              <Anchor key="o" component={Link} to={tracePaths.order(o.orderId)} fw={600}>
                {o.orderNumber ?? o.orderId}
              </Anchor>
            ) : (
              (o.orderNumber ?? o.orderId)
            ),
            o.lineCode || text.lineName(o.lineId),
            <Num key="b">{text.count(o.batches)}</Num>,
            <Num key="k">{text.num(o.kg)}</Num>,
          ],
        }))}
      />
    </TraceSection>
  );
}

/** Batches made right after an affected medicated batch with no flush between: they may carry the lot over. */
export function CarryOverTable({ rows, id = 'trace-carry-over' }: { rows: readonly CarryOverBatch[]; id?: string }) {
  const text = useTraceText();
  const { t } = text;
  const access = useTraceAccess();
  return (
    <TraceSection id={id} title={t('web.trace.carryOver', { count: rows.length })} testId="trace-carry-over">
      {rows.length > 0 ? (
        <Alert color="#a65b00" variant="light" icon={<span aria-hidden="true">⚠</span>} data-testid="carry-over-explain">
          {t('web.trace.carryOverExplain')}
        </Alert>
      ) : null}
      {rows.length === 0 ? (
        <Text size="sm">{t('web.trace.noCarryOver')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table withTableBorder aria-labelledby={id} data-testid="trace-carry-over-table">
            <Table.Thead>
              <Table.Tr>
                {[t('web.trace.col.batch'), t('web.trace.col.line'), t('web.trace.col.recipe'), t('web.trace.col.order'), t('web.trace.col.started'), t('web.trace.col.after'), t('web.trace.col.risk')].map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={`${c.lineId}/${c.batchId}`} data-batch={c.batchId} style={{ background: 'var(--mantine-color-orange-light)' }}>
                  <Table.Td style={{ boxShadow: 'inset 4px 0 0 var(--mantine-color-orange-filled)' }}>
                    {access.batchLots ? (
                      <Anchor component={Link} to={tracePaths.batch(c.lineId, c.batchId)} fw={600}>
                        {c.batchId}
                      </Anchor>
                    ) : (
                      c.batchId
                    )}
                  </Table.Td>
                  <Table.Td>{c.lineCode || text.lineName(c.lineId)}</Table.Td>
                  <Table.Td>{c.recipeCode ?? '—'}</Table.Td>
                  <Table.Td>{c.orderNumber ?? '—'}</Table.Td>
                  <Table.Td>{text.dateTime(c.startedAt, c.lineId)}</Table.Td>
                  <Table.Td>{c.afterBatchId}</Table.Td>
                  <Table.Td>
                    <Badge color="#a65b00" leftSection={<span aria-hidden="true">⚠</span>} style={{ minWidth: 'max-content' }}>
                      {t('web.trace.riskBadge')}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </TraceSection>
  );
}

export function BinsTable({ rows, id = 'trace-bins' }: { rows: readonly TracedBin[]; id?: string }) {
  const text = useTraceText();
  const { t } = text;
  return (
    <TraceSection id={id} title={t('web.trace.bins', { count: rows.length })} testId="trace-bins">
      <ReadTable
        labelledBy={id}
        testId="trace-bins-table"
        maw={760}
        headers={[t('web.trace.col.bin'), t('web.trace.col.line'), t('web.trace.col.filledKg'), t('web.trace.col.inBinKg')]}
        empty={t('web.trace.noBins')}
        rows={rows.map((b) => ({
          key: `${b.lineId}/${b.binCode}`,
          cells: [b.binCode, b.lineCode || text.lineName(b.lineId), <Num key="f">{text.num(b.filledKg)}</Num>, <Num key="i">{text.num(b.inBinKg)}</Num>],
        }))}
      />
    </TraceSection>
  );
}
