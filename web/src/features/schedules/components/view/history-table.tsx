import { Table, Text } from '@mantine/core';
import type { OrderHistoryEntry } from '../../api/schedule-types';
import { useScheduleText } from '../../hooks/use-schedule-text';

const ACTIONS = ['created', 'updated', 'deleted', 'status'];

/** An order's history, newest first: when, who, what, and for status moves from → to. */
export function HistoryTable({ entries }: { entries: OrderHistoryEntry[] }) {
  const text = useScheduleText();
  const { t, dateTime } = text;
  if (entries.length === 0) return <Text size="sm">{t('web.schedules.history.none')}</Text>;
  const sorted = [...entries].sort((a, b) => b.at.localeCompare(a.at));
  const action = (a: string) => (ACTIONS.includes(a) ? t(`web.schedules.history.action.${a}`) : a);
  return (
    <Table withTableBorder maw={960} aria-labelledby="history-title" data-testid="schedule-history">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('web.schedules.history.when')}</Table.Th>
          <Table.Th>{t('web.schedules.history.who')}</Table.Th>
          <Table.Th>{t('web.schedules.history.what')}</Table.Th>
          <Table.Th>{t('web.schedules.history.change')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sorted.map((e, i) => (
          <Table.Tr key={`${e.at}-${i}`} data-action={e.action}>
            <Table.Td>{dateTime(e.at)}</Table.Td>
            <Table.Td>{e.actor ?? '—'}</Table.Td>
            <Table.Td>{action(e.action)}</Table.Td>
            <Table.Td>
              {e.fromStatus || e.toStatus
                ? t('web.schedules.history.fromTo', { from: e.fromStatus ? text.status(e.fromStatus) : '—', to: e.toStatus ? text.status(e.toStatus) : '—' })
                : '—'}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
