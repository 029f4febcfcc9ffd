import { Button } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ScheduleRecord, ScheduleStatus } from '../api/schedule-types';
import type { ScheduleAccess } from '../hooks/use-schedule-access';
import { useScheduleText } from '../hooks/use-schedule-text';
import { schedulePaths } from '../utils/paths';
import { isDestructive, movesOf } from '../utils/status';

export interface OrderActionsProps {
  record: ScheduleRecord;
  access: ScheduleAccess;
  size?: 'compact-sm' | 'sm';
  onMove: (record: ScheduleRecord, to: ScheduleStatus) => void;
  onDelete: (record: ScheduleRecord) => void;
}

/** An order's status moves (from its `transitions`), Edit while planned, and Delete, as the user's rules allow. */
export function OrderActions({ record: r, access, size = 'compact-sm', onMove, onDelete }: OrderActionsProps) {
  const text = useScheduleText();
  const { t } = text;
  return (
    <>
      {access.update
        ? movesOf(r).map(({ move, to }) => {
            const words = text.move(move, r.orderNumber);
            return (
              <Button
                key={to}
                size={size}
                variant={isDestructive(move) ? 'outline' : 'default'}
                color={isDestructive(move) ? '#c92a2a' : undefined}
                onClick={() => onMove(r, to)}
                aria-label={words.of}
                data-move={move}
              >
                {words.label}
              </Button>
            );
          })
        : null}
      {access.update && r.editable ? (
        <Button size={size} variant="default" component={Link} to={schedulePaths.edit(r._id)} aria-label={t('web.schedules.editOf', { order: r.orderNumber })}>
          {t('web.schedules.edit')}
        </Button>
      ) : null}
      {access.delete && r.deletable ? (
        <Button size={size} variant="outline" color="#c92a2a" onClick={() => onDelete(r)} aria-label={t('web.schedules.deleteOf', { order: r.orderNumber })}>
          {t('web.schedules.delete.action')}
        </Button>
      ) : null}
    </>
  );
}
