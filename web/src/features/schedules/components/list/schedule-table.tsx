import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ScheduleRecord, ScheduleStatus } from '../../api/schedule-types';
import type { ScheduleAccess } from '../../hooks/use-schedule-access';
import { useScheduleText } from '../../hooks/use-schedule-text';
import { schedulePaths } from '../../utils/paths';
import { OrderActions } from '../order-actions';
import { OrderProgress } from '../order-progress';
import { LateBadge, RecipeCell, StatusBadge } from '../status-badge';
import { RISK_FIRST_CELL, RISK_ROW, RiskNote } from './risk-note';

export interface ScheduleTableProps {
  rows: ScheduleRecord[];
  access: ScheduleAccess;
  /** The order a flush is being placed before. */
  flushing?: string;
  onMove: (record: ScheduleRecord, to: ScheduleStatus) => void;
  onDelete: (record: ScheduleRecord) => void;
  onFlush: (record: ScheduleRecord) => void;
}

/**
 * The orders by line and sequence, with progress, status, carry-over risks, late orders and
 * versions changed since release, and the actions that fit. Fits the content area of a 1440 px
 * screen (name under the number, batch size under the progress), so the actions stay in view.
 */
export function ScheduleTable({ rows, access, flushing, onMove, onDelete, onFlush }: ScheduleTableProps) {
  const text = useScheduleText();
  const { t } = text;
  return (
    <Table.ScrollContainer minWidth={1060}>
      <Table striped highlightOnHover withTableBorder aria-label={t('web.schedules.tableLabel')} data-testid="schedule-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('web.schedules.field.sequence')}</Table.Th>
            <Table.Th>{t('web.schedules.field.order')}</Table.Th>
            <Table.Th>{t('web.schedules.field.line')}</Table.Th>
            <Table.Th>{t('web.schedules.field.recipe')}</Table.Th>
            <Table.Th>{t('web.schedules.field.progress')}</Table.Th>
            <Table.Th>{t('web.schedules.field.plannedStart')}</Table.Th>
            <Table.Th>{t('web.schedules.status')}</Table.Th>
            <Table.Th>{t('web.schedules.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r._id} data-order={r.orderNumber} data-kind={r.kind} data-risk={r.carryOver ? 'true' : undefined} style={r.carryOver ? RISK_ROW : undefined}>
              <Table.Td style={r.carryOver ? RISK_FIRST_CELL : undefined}>{r.sequence}</Table.Td>
              <Table.Td miw={180}>
                <Anchor component={Link} to={schedulePaths.view(r._id)} fw={600}>
                  {r.orderNumber}
                </Anchor>
                <Text size="sm">{r.name}</Text>
                {r.carryOver ? (
                  <RiskNote order={r.orderNumber} risk={r.carryOver} canFlush={access.create && r.takesFlush} busy={flushing === r._id} onFlush={() => onFlush(r)} />
                ) : null}
              </Table.Td>
              <Table.Td>{r.lineName || r.lineCode}</Table.Td>
              <Table.Td>
                <RecipeCell record={r} />
              </Table.Td>
              <Table.Td>
                <OrderProgress record={r} size="sm" />
                <Text size="xs" c="dimmed">
                  {t('web.schedules.batchSizeOf', { kg: text.kg(r.batchSizeKg) })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <span>{text.dateTime(r.plannedStart, r.lineId)}</span>
                  <LateBadge record={r} />
                </Stack>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <StatusBadge status={r.status} name={r.statusName} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="wrap" miw={160} maw={280}>
                  <OrderActions record={r} access={access} onMove={onMove} onDelete={onDelete} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
