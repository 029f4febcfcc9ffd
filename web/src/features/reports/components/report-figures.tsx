/**
 * A row of a report's headline figures (totals, counts, an interval), each a label over its
 * value; one group named for screen readers, each value with its test id.
 */
import { Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ReportFigure {
  id: string;
  label: string;
  value: ReactNode;
}

export function ReportFigures({ label, figures, testId }: { label: string; figures: readonly ReportFigure[]; testId: string }) {
  return (
    <Group gap="sm" mb="md" wrap="wrap" role="group" aria-label={label} data-testid={testId}>
      {figures.map((f) => (
        <Paper key={f.id} withBorder radius="sm" px="md" py="xs" miw={140}>
          <Text size="xs" c="dimmed">
            {f.label}
          </Text>
          <Text fw={700} size="lg" data-testid={`${testId}-${f.id}`}>
            {f.value}
          </Text>
        </Paper>
      ))}
    </Group>
  );
}
