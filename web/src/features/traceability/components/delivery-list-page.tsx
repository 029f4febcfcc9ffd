/**
 * /traceability/deliveries: the deliveries, newest first, filtered (customer, line, number,
 * delivery range in plant time) and paged by the URL, with new / edit / delete by the rules.
 */
import { Anchor, Button, Group, Select, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LineSelect } from '@/components/line-select';
import { ListPagination } from '@/components/list-pagination';
import { PlantDateTimeInput } from '@/components/plant-date-time-input';
import { SearchInput } from '@/components/search-input';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { useQueryErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { useDeleteDelivery, useDeliveries } from '../api/deliveries-api';
import { useCustomers } from '../api/references-api';
import { ALL_LINES, PAGE_SIZE, type Delivery } from '../api/trace-types';
import { useTraceAccess } from '../hooks/use-trace-access';
import { useTraceText } from '../hooks/use-trace-text';
import { RecordDeleteDialog } from './record-delete-dialog';
import { backwards, pageCount, readDeliveryFilters, writeFilters, type DeliveryFilters } from '../utils/filters';
import { tracePaths } from '../utils/paths';

const NUM = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

export function DeliveryListPage() {
  const [params, setParams] = useSearchParams();
  const filters = readDeliveryFilters(params);
  const line = filters.lineId === ALL_LINES ? null : filters.lineId;
  const text = useTraceText(line);
  const { t } = text;
  const { lines } = useLines();
  const access = useTraceAccess();
  const customers = useCustomers();
  const invalid = backwards(filters.from, filters.to);
  const list = useDeliveries(invalid ? null : filters);
  const remove = useDeleteDelivery();
  const [deleting, setDeleting] = useState<Delivery | null>(null);
  const serverToError = list.error instanceof ApiError ? list.error.body?.errors?.toDateTime : undefined;
  useQueryErrorNotice({ isError: list.isError && !serverToError, error: list.error });
  useQueryErrorNotice(customers);
  const update = (patch: Partial<DeliveryFilters>) => setParams((p) => writeFilters(p, patch), { replace: true });
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const narrowed = Boolean(filters.customerId || line || filters.deliveryNumber.trim() || filters.from || filters.to);

  let body;
  if (list.isPending && !invalid) body = <Spinner fill />;
  else if (rows.length === 0 || invalid)
    body = (
      <Text data-testid="delivery-empty" role="status">
        {t(narrowed ? 'web.trace.noDeliveryMatch' : 'web.trace.noDeliveriesYet')}
      </Text>
    );
  else
    body = (
      <>
        <Text size="sm" c="dimmed" role="status" mb="xs" data-testid="delivery-count">
          {t('web.trace.deliveryCount', { count: total })}
        </Text>
        <Table.ScrollContainer minWidth={960}>
          <Table striped highlightOnHover withTableBorder aria-label={t('web.screen.deliveries')} data-testid="delivery-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('web.trace.col.delivery')}</Table.Th>
                <Table.Th>{t('web.trace.col.deliveredAt')}</Table.Th>
                <Table.Th>{t('web.trace.col.customer')}</Table.Th>
                <Table.Th>{t('web.trace.col.vehicle')}</Table.Th>
                <Table.Th style={NUM}>{t('web.trace.col.deliveredKg')}</Table.Th>
                <Table.Th style={NUM}>{t('web.trace.col.batches')}</Table.Th>
                <Table.Th>{t('web.config.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <Table.Tr key={d._id} data-delivery={d.deliveryNumber}>
                  <Table.Td>
                    <Anchor component={Link} to={tracePaths.delivery(d._id)} fw={600}>
                      {d.deliveryNumber}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{text.dateTime(d.deliveredAt, d.batches[0]?.lineId ?? line)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {d.customerCode}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {d.customerName}
                    </Text>
                  </Table.Td>
                  <Table.Td>{d.vehicle || '—'}</Table.Td>
                  <Table.Td style={NUM}>{text.num(d.kg)}</Table.Td>
                  <Table.Td style={NUM}>{text.count(d.batches.length)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-sm" variant="default" component={Link} to={tracePaths.delivery(d._id)} aria-label={t('web.trace.viewDelivery', { number: d.deliveryNumber })}>
                        {t('web.config.view')}
                      </Button>
                      {access.update ? (
                        <Button size="compact-sm" variant="default" component={Link} to={tracePaths.editDelivery(d._id)} aria-label={t('web.trace.editDelivery', { number: d.deliveryNumber })}>
                          {t('web.config.edit')}
                        </Button>
                      ) : null}
                      {access.delete ? (
                        <Button size="compact-sm" variant="outline" color="#c92a2a" onClick={() => setDeleting(d)} aria-label={t('web.trace.deleteDelivery', { number: d.deliveryNumber })}>
                          {t('web.config.delete')}
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPagination total={pageCount(total, PAGE_SIZE)} value={filters.page} onChange={(page) => update({ page })} />
      </>
    );

  return (
    <section aria-labelledby="screen-title" aria-busy={list.isFetching}>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={1} size="h2" id="screen-title">
          {t('web.screen.deliveries')}
        </Title>
        {access.create ? (
          <Button component={Link} to={tracePaths.newDelivery} data-testid="delivery-new">
            {t('web.trace.newDelivery')}
          </Button>
        ) : null}
      </Group>
      <Group align="flex-start" mb="md" wrap="wrap" gap="md">
        <Select
          label={t('web.trace.col.customer')}
          placeholder={t('web.config.all')}
          data={(customers.data ?? []).map((c) => ({ value: c._id, label: `${c.code} · ${c.name}` }))}
          value={filters.customerId}
          onChange={(customerId) => update({ customerId })}
          clearable
          searchable
          w={240}
          data-testid="delivery-filter-customer"
        />
        <LineSelect lines={[{ _id: ALL_LINES, name: t('web.trace.allLines') }, ...lines]} value={filters.lineId} onChange={(lineId) => update({ lineId })} w={200} />
        <SearchInput label={t('web.trace.deliveryNumberSearch')} value={filters.deliveryNumber} onSearch={(deliveryNumber) => update({ deliveryNumber })} w={230} data-testid="delivery-filter-number" />
        <PlantDateTimeInput label={t('web.trace.deliveredFrom')} value={filters.from} zone={text.zone()} onChange={(from) => update({ from })} w={190} data-testid="delivery-filter-from" />
        <PlantDateTimeInput
          label={t('web.trace.deliveredTo')}
          value={filters.to}
          zone={text.zone()}
          onChange={(to) => update({ to })}
          error={invalid ? t('web.trace.rangeBackwards') : serverToError}
          w={190}
          data-testid="delivery-filter-to"
        />
      </Group>
      {body}
      <RecordDeleteDialog record={deleting} name={(d) => t('web.trace.deliveryNamed', { number: d.deliveryNumber })} remove={remove} onClose={() => setDeleting(null)} />
    </section>
  );
}
