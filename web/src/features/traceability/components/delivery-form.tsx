/**
 * A delivery recorded or changed: number, customer, vehicle, when (plant time), and what was
 * loaded — either its batches (line, batch number, kilograms; rows added and removed) or "from
 * an order" (line → order → kilograms, which the server spreads over the order's completed
 * batches). The server's messages go to their inputs, a batch row's (`batches[1].kg`) to that row.
 */
import { ActionIcon, Alert, Button, Group, List, NumberInput, Radio, Select, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LineSelect } from '@/components/line-select';
import { PlantDateTimeInput } from '@/components/plant-date-time-input';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useErrorNotice, useQueryErrorNotice } from '@/lib/use-error-notice';
import { useLines } from '@/lib/use-lines';
import { useSaveDelivery } from '../api/deliveries-api';
import { useCustomers, useDeliverables } from '../api/references-api';
import type { Delivery } from '../api/trace-types';
import { useTraceText } from '../hooks/use-trace-text';
import { DeliverableBatchInput } from './deliverable-batch-input';
import {
  deliveryValues,
  emptyDelivery,
  emptyRow,
  NO_DELIVERY_ERRORS,
  rowsKg,
  splitDeliveryErrors,
  toDeliveryInput,
  type BatchRow,
  type DeliveryErrors,
  type DeliveryFormValues,
} from '../utils/delivery-form';
import { tracePaths } from '../utils/paths';

export function DeliveryForm({ delivery }: { delivery?: Delivery }) {
  const text = useTraceText();
  const { t } = text;
  const navigate = useNavigate();
  const { lines } = useLines();
  const showError = useErrorNotice();
  const save = useSaveDelivery();
  const customers = useCustomers();
  useQueryErrorNotice(customers);
  const [values, setValues] = useState<DeliveryFormValues>(() => (delivery ? deliveryValues(delivery) : emptyDelivery(lines[0]?._id ?? null, new Date().toISOString())));
  const [errors, setErrors] = useState<DeliveryErrors>(NO_DELIVERY_ERRORS);
  const deliverables = useDeliverables(values.orderLineId, values.mode === 'order');
  useQueryErrorNotice(deliverables);

  const set = (patch: Partial<DeliveryFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const setRow = (key: number, patch: Partial<BatchRow>) => {
    setValues((v) => ({ ...v, rows: v.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) }));
    setErrors((e) => ({ ...e, rows: { ...e.rows, [key]: {} } }));
  };
  const zone = text.zone(values.rows[0]?.lineId ?? values.orderLineId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors(NO_DELIVERY_ERRORS);
    save.mutate(
      { id: delivery?._id, body: toDeliveryInput(values) },
      {
        onSuccess: ({ data, message }) => {
          notify(message ?? t('web.config.saved'), 'success');
          void navigate(tracePaths.delivery(data._id));
        },
        onError: (err) => {
          if (!(err instanceof ApiError) || (err.status !== 400 && err.status !== 409)) return showError(err);
          const split = splitDeliveryErrors(values, err.body?.errors);
          const placed = Object.keys(split.fields).length + Object.keys(split.rows).length + split.other.length;
          setErrors(placed > 0 ? split : { ...NO_DELIVERY_ERRORS, other: [err.body?.message ?? err.message] });
        },
      },
    );
  };

  const f = errors.fields;
  return (
    <form onSubmit={submit} noValidate aria-busy={save.isPending} data-testid="delivery-form">
      <Stack gap="md" maw={900}>
        {errors.other.length > 0 ? (
          <Alert color="red" variant="light" role="alert" data-testid="delivery-form-errors">
            <List size="sm">
              {errors.other.map((m, i) => (
                <List.Item key={i}>{m}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <Group align="flex-start" grow wrap="wrap">
          <TextInput label={t('web.trace.deliveryNumber')} value={values.deliveryNumber} onChange={(e) => set({ deliveryNumber: e.currentTarget.value })} required error={f.deliveryNumber} data-testid="delivery-number" />
          <Select
            label={t('web.trace.col.customer')}
            data={(customers.data ?? []).map((c) => ({ value: c._id, label: `${c.code} · ${c.name}` }))}
            value={values.customerId}
            onChange={(customerId) => set({ customerId })}
            required
            searchable
            nothingFoundMessage={t('web.config.nothingFound')}
            error={f.customerId}
            data-testid="delivery-customer"
          />
        </Group>
        <Group align="flex-start" grow wrap="wrap">
          <TextInput label={t('web.trace.col.vehicle')} description={t('web.trace.vehicleHint')} value={values.vehicle} onChange={(e) => set({ vehicle: e.currentTarget.value })} error={f.vehicle} data-testid="delivery-vehicle" />
          <PlantDateTimeInput label={t('web.trace.col.deliveredAt')} value={values.deliveredAt} zone={zone} onChange={(iso) => set({ deliveredAt: iso ?? '' })} required error={f.deliveredAt} data-testid="delivery-at" />
        </Group>
        <Radio.Group label={t('web.trace.loaded')} value={values.mode} onChange={(mode) => set({ mode: mode })}>
          <Group mt="xs">
            <Radio value="batches" label={t('web.trace.loadedBatches')} data-testid="mode-batches" />
            <Radio value="order" label={t('web.trace.loadedOrder')} data-testid="mode-order" />
          </Group>
        </Radio.Group>
        {values.mode === 'batches' ? (
          <Stack gap="xs">
            <Title order={2} size="h5" id="delivery-batches-title">
              {t('web.trace.batchesLoaded')}
            </Title>
            {f.batches ? (
              <Alert color="red" variant="light" role="alert" data-testid="delivery-batches-error">
                {f.batches}
              </Alert>
            ) : null}
            <Table withTableBorder aria-labelledby="delivery-batches-title" data-testid="delivery-rows" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="28%">{t('web.trace.col.line')}</Table.Th>
                  <Table.Th w="40%">{t('web.trace.col.batch')}</Table.Th>
                  <Table.Th>{t('web.trace.col.kg')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('web.config.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {values.rows.map((r, i) => {
                  const e = errors.rows[r.key] ?? {};
                  const n = i + 1;
                  return (
                    <Table.Tr key={r.key} data-row={n}>
                      <Table.Td>
                        <LineSelect lines={lines} value={r.lineId} onChange={(lineId) => setRow(r.key, { lineId })} label={undefined} aria-label={t('web.trace.rowLine', { n })} error={e.lineId} data-testid={`row-line-${n}`} />
                      </Table.Td>
                      <Table.Td>
                        <DeliverableBatchInput
                          lineId={r.lineId}
                          label={t('web.trace.rowBatch', { n })}
                          value={r.batchId}
                          onChange={(batchId) => setRow(r.key, { batchId })}
                          onPick={(batchId, leftKg) => setRow(r.key, r.kg === '' ? { batchId, kg: leftKg } : { batchId })}
                          error={e.batchId}
                          testId={`row-batch-${n}`}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput aria-label={t('web.trace.rowKg', { n })} value={r.kg} onChange={(kg) => setRow(r.key, { kg })} min={0} decimalScale={3} error={e.kg} data-testid={`row-kg-${n}`} />
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="#c92a2a"
                          onClick={() => set({ rows: values.rows.filter((x) => x.key !== r.key) })}
                          disabled={values.rows.length === 1}
                          aria-label={t('web.trace.removeRow', { n })}
                        >
                          <span aria-hidden="true">✕</span>
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            <Group justify="space-between">
              <Button variant="light" onClick={() => set({ rows: [...values.rows, emptyRow(values.rows.at(-1)?.lineId ?? lines[0]?._id ?? null)] })} data-testid="add-row">
                {t('web.trace.addRow')}
              </Button>
              <Text size="sm" data-testid="rows-total">
                {t('web.trace.rowsTotal', { kg: text.kg(rowsKg(values.rows)) })}
              </Text>
            </Group>
          </Stack>
        ) : (
          <Group align="flex-start" wrap="wrap" grow>
            <LineSelect lines={lines} value={values.orderLineId} onChange={(orderLineId) => set({ orderLineId, orderId: null })} required />
            <Select
              label={t('web.trace.col.order')}
              description={t('web.trace.orderHint')}
              data={(deliverables.data?.orders ?? []).map((o) => ({
                value: o.orderId,
                label: t('web.trace.orderOption', { order: o.orderNumber, recipe: o.recipeCode ?? '—', done: o.batchesMade, batches: o.batches, kg: text.kg(o.leftKg) }),
              }))}
              value={values.orderId}
              onChange={(orderId) => set({ orderId })}
              required
              searchable
              nothingFoundMessage={t('web.trace.noOrdersToDeliver')}
              error={f.orderId}
              data-testid="delivery-order"
            />
            <NumberInput label={t('web.trace.orderKg')} value={values.orderKg} onChange={(orderKg) => set({ orderKg })} min={0} decimalScale={3} required error={f.kg} data-testid="delivery-order-kg" />
          </Group>
        )}
        <Group>
          <Button type="submit" loading={save.isPending} data-testid="delivery-submit">
            {t(delivery ? 'web.config.save' : 'web.trace.recordDelivery')}
          </Button>
          <Button variant="default" component={Link} to={delivery ? tracePaths.delivery(delivery._id) : tracePaths.deliveries}>
            {t('web.common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
