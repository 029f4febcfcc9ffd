import { Alert, Button, List, Text } from '@mantine/core';
import type { CarryOverConflict } from '../../utils/carry-over';
import { useScheduleText } from '../../hooks/use-schedule-text';

export interface ConflictAlertProps {
  conflicts: CarryOverConflict[];
  /** Offer "Place with a flush" (a new order); otherwise say what else can be done. */
  canPlaceWithFlush: boolean;
  busy: boolean;
  onPlaceWithFlush: () => void;
}

/** A placement the carry-over guard refused, in the server's words, and the way out. */
export function ConflictAlert({ conflicts, canPlaceWithFlush, busy, onPlaceWithFlush }: ConflictAlertProps) {
  const { t } = useScheduleText();
  return (
    <Alert color="#8a4b00" variant="light" role="alert" title={t('web.schedules.carryOver.title')} data-testid="carry-over-conflict">
      {conflicts.length === 1 ? (
        <Text size="sm">{conflicts[0].message}</Text>
      ) : (
        <List size="sm">
          {conflicts.map((c) => (
            <List.Item key={`${c.previousId}-${c.nextId}`}>{c.message}</List.Item>
          ))}
        </List>
      )}
      {canPlaceWithFlush ? (
        <Button mt="sm" size="xs" color="#8a4b00" loading={busy} onClick={onPlaceWithFlush} data-testid="place-with-flush">
          {t('web.schedules.carryOver.placeWithFlush')}
        </Button>
      ) : (
        <Text size="sm" mt="xs">
          {t('web.schedules.carryOver.editHint')}
        </Text>
      )}
    </Alert>
  );
}
