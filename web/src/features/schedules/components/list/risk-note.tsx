import { Button, Group, Text } from '@mantine/core';
import type { CarryOverRisk } from '../../api/schedule-types';
import { useScheduleText } from '../../hooks/use-schedule-text';

export interface RiskNoteProps {
  order: string;
  risk: CarryOverRisk;
  /** Offer "Insert flush" (the user may add orders and the order has not started). */
  canFlush: boolean;
  busy: boolean;
  onFlush: () => void;
}

/** Why an order may not follow the one before it, in words and with an icon (not by colour alone), and the way out. */
export function RiskNote({ order, risk, canFlush, busy, onFlush }: RiskNoteProps) {
  const { t } = useScheduleText();
  return (
    <div data-testid="carry-over-risk">
      <Group gap={6} wrap="nowrap" align="flex-start" mt={4}>
        <span aria-hidden="true">⚠</span>
        <Text size="xs">
          <Text span fw={700} size="xs">
            {t('web.schedules.carryOver.risk')}
          </Text>{' '}
          {risk.message}
        </Text>
      </Group>
      {canFlush ? (
        <Button size="compact-xs" mt={4} variant="outline" color="#8a4b00" loading={busy} onClick={onFlush} aria-label={t('web.schedules.insertFlushOf', { order })}>
          {t('web.schedules.insertFlush')}
        </Button>
      ) : null}
    </div>
  );
}

/** The risk row's look: an orange tint and a bar on its first cell (the text carries the meaning). */
export const RISK_ROW = { background: 'var(--mantine-color-orange-light)' } as const;
export const RISK_FIRST_CELL = { boxShadow: 'inset 4px 0 0 var(--mantine-color-orange-filled)' } as const;
