/**
 * A batch's header: recipe and version, order (number, name, status, batches), line, status,
 * start, end and duration, planned against reported kilograms, who created and who released
 * the order, and the control recipe its order froze at release (or that it ran without one).
 * A description list: each value under its label.
 */
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useReportFormat } from '../hooks/use-report-format';
import { recipeLabel, statusId } from '../utils/batch-format';
import type { BatchDetails, ControlRecipe } from '../utils/batch-types';
import { StatusMark } from './batch-badges';

interface Item {
  id: string;
  label: string;
  value: ReactNode;
}

function Facts({ items, testId }: { items: readonly Item[]; testId: string }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md" verticalSpacing="xs" m={0} data-testid={testId}>
      {items.map((i) => (
        <div key={i.id}>
          <Text component="dt" size="xs" c="dimmed">
            {i.label}
          </Text>
          <Text component="dd" fw={600} size="sm" m={0} data-testid={`${testId}-${i.id}`}>
            {i.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

function Control({ recipe }: { recipe: ControlRecipe | null | undefined }) {
  const fmt = useReportFormat();
  if (!recipe)
    return (
      <Text size="sm" data-testid="batch-control-none">
        {fmt.t('web.batch.control.none')}
      </Text>
    );
  return (
    <Facts
      testId="batch-control"
      items={[
        { id: 'recipe', label: fmt.t('web.report.col.recipe'), value: recipeLabel(recipe) },
        { id: 'batchSize', label: fmt.t('web.report.col.targetKg'), value: fmt.kg(recipe.batchSizeKg) },
        { id: 'medication', label: fmt.t('web.batch.control.medication'), value: recipe.medicationClass },
        {
          id: 'steps',
          label: fmt.t('web.batch.control.steps'),
          value: fmt.t('web.batch.control.stepCounts', { weighings: recipe.weighings.length, mixing: recipe.mixing.length, misc: recipe.miscellaneous.length }),
        },
      ]}
    />
  );
}

export function BatchHeader({ batch }: { batch: BatchDetails }) {
  const fmt = useReportFormat();
  const intl = useIntl();
  const when = (iso: string | null | undefined) => (iso ? fmt.dateTime(iso) : '—');
  const status = statusId(batch.status);
  // The order's status in the server's catalogue (`schedule.status.*`), as the schedule screens say it.
  const orderStatus = (s: string) => (`schedule.status.${s}` in intl.messages ? fmt.t(`schedule.status.${s}`) : s);
  const order = [batch.orderNumber, batch.scheduleName].filter(Boolean).join(' · ') || '—';
  const orderState = batch.orderStatus ? `${orderStatus(batch.orderStatus)}${batch.orderBatches ? ` · ${fmt.t('web.batch.orderBatches', { count: batch.orderBatches })}` : ''}` : '—';
  const released = batch.releasedBy ? `${batch.releasedBy}${batch.releasedAt ? ` · ${fmt.dateTime(batch.releasedAt)}` : ''}` : '—';
  const items: Item[] = [
    { id: 'recipe', label: fmt.t('web.report.col.recipe'), value: recipeLabel(batch) || '—' },
    { id: 'order', label: fmt.t('web.report.col.order'), value: order },
    { id: 'orderStatus', label: fmt.t('web.batch.orderStatus'), value: orderState },
    { id: 'line', label: fmt.t('web.report.col.line'), value: batch.lineName ?? batch.lineId },
    { id: 'status', label: fmt.t('web.report.col.status'), value: <StatusMark status={batch.status} text={status ? fmt.t(status) : batch.status} /> },
    { id: 'started', label: fmt.t('web.report.col.started'), value: when(batch.startedAt) },
    { id: 'ended', label: fmt.t('web.report.col.ended'), value: batch.endedAt ? fmt.dateTime(batch.endedAt) : fmt.t('web.report.ongoing') },
    { id: 'duration', label: fmt.t('web.report.col.duration'), value: fmt.value('duration', batch.durationS) },
    { id: 'plannedKg', label: fmt.t('web.batch.plannedKg'), value: fmt.kg(batch.targetKg) },
    { id: 'setpointKg', label: fmt.t('web.batch.setpointKg'), value: fmt.kg(batch.setpointKg) },
    { id: 'weighedKg', label: fmt.t('web.batch.weighedKg'), value: fmt.kg(batch.weighedKg) },
    { id: 'actualKg', label: fmt.t('web.batch.reportedKg'), value: fmt.value('kg', batch.reportedKg) },
    { id: 'createdBy', label: fmt.t('web.batch.orderCreatedBy'), value: batch.orderCreatedBy ?? '—' },
    { id: 'releasedBy', label: fmt.t('web.batch.releasedBy'), value: released },
  ];
  return (
    <Paper withBorder p="md" mb="xl" component="section" aria-labelledby="batch-header-title" data-testid="batch-header">
      <Title order={2} size="h4" id="batch-header-title" mb="sm">
        {fmt.t('web.batch.record')}
      </Title>
      <Facts items={items} testId="batch-fact" />
      <Title order={3} size="h5" mt="md" mb="xs">
        {fmt.t('web.batch.control.title')}
      </Title>
      <Control recipe={batch.controlRecipe} />
    </Paper>
  );
}
