import { Table, Text } from '@mantine/core';
import type { BatchRecord } from '../../api/schedule-types';
import { useScheduleText } from '../../hooks/use-schedule-text';

const BATCH_STATUSES = ['RUNNING', 'COMPLETE', 'ABORTED'];

/** The batches an order produced, newest last. */
export function BatchesTable({ batches }: { batches: BatchRecord[] }) {
  const { t, kg, dateTime } = useScheduleText();
  if (batches.length === 0) return <Text size="sm">{t('web.schedules.batches.none')}</Text>;
  const status = (s: string) => (BATCH_STATUSES.includes(s) ? t(`web.schedules.batches.status.${s}`) : s);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table withTableBorder striped aria-labelledby="batches-title" data-testid="schedule-batches">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('web.schedules.batches.id')}</Table.Th>
            <Table.Th>{t('web.schedules.status')}</Table.Th>
            <Table.Th>{t('web.schedules.batches.started')}</Table.Th>
            <Table.Th>{t('web.schedules.batches.ended')}</Table.Th>
            <Table.Th>{t('web.schedules.batches.target')}</Table.Th>
            <Table.Th>{t('web.schedules.batches.actual')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {batches.map((b) => (
            <Table.Tr key={b.batchId} data-batch={b.batchId}>
              <Table.Td>{b.batchId}</Table.Td>
              <Table.Td>{status(b.status)}</Table.Td>
              <Table.Td>{dateTime(b.startedAt)}</Table.Td>
              <Table.Td>{dateTime(b.endedAt)}</Table.Td>
              <Table.Td>{kg(b.targetKg)}</Table.Td>
              <Table.Td>{kg(b.actualKg)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
