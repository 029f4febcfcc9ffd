import { Group, Paper, Text } from '@mantine/core';
import { useRecipeText } from '../../hooks/use-recipe-text';
import type { Totals } from '../../utils/amounts';

/** The running total against the batch size; read out as it changes. */
export function WeighingTotals({ totals }: { totals: Totals }) {
  const { t, kg, percent } = useRecipeText();
  const over = totals.remainingKg !== null && totals.remainingKg < 0;
  return (
    <Paper withBorder p="sm" bg="var(--mantine-color-default-hover)" aria-live="polite" aria-atomic="true" data-testid="weighing-totals">
      <Group gap="xl" wrap="wrap">
        <Text fw={600}>
          {totals.batchKg
            ? t('web.recipes.totals.ofBatch', { total: kg(totals.totalKg), batch: kg(totals.batchKg), percent: percent(totals.percent ?? 0) })
            : t('web.recipes.totals.noBatch', { total: kg(totals.totalKg) })}
        </Text>
        {totals.remainingKg !== null ? (
          <Text fw={600} c={over ? '#c92a2a' : undefined} data-testid="weighing-remaining">
            {over ? t('web.recipes.totals.over', { kg: kg(-totals.remainingKg) }) : t('web.recipes.totals.remaining', { kg: kg(totals.remainingKg) })}
          </Text>
        ) : null}
        {totals.incomplete > 0 ? <Text size="sm">{t('web.recipes.totals.incomplete', { count: totals.incomplete })}</Text> : null}
      </Group>
    </Paper>
  );
}
