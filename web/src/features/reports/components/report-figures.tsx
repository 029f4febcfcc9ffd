/**
 * A row of a report's headline figures (totals, counts, an interval), each a label over its
 * value (and a hint under it: a target, what it counts); one group named for screen readers,
 * each value with its test id. Where the figures are a screen's summary, each card's label is a
 * heading (`headings`: its level).
 */
import { Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ReportFigure {
  id: string;
  label: string;
  value: ReactNode;
  /** A line under the value. */
  hint?: ReactNode;
}

export function ReportFigures({ label, figures, testId, headings }: { label: string; figures: readonly ReportFigure[]; testId: string; headings?: 3 | 4 }) {
  return (
    <Group gap="sm" mb="md" wrap="wrap" role="group" aria-label={label} data-testid={testId}>
      {figures.map((f) => (
        <Paper key={f.id} withBorder radius="sm" px="md" py="xs" miw={140}>
          {headings ? (
            <Text component={headings === 3 ? 'h3' : 'h4'} size="xs" c="dimmed" fw={400} m={0}>
              {f.label}
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              {f.label}
            </Text>
          )}
          <Text fw={700} size="lg" data-testid={`${testId}-${f.id}`}>
            {f.value}
          </Text>
          {f.hint ? (
            <Text size="xs" c="dimmed" data-testid={`${testId}-${f.id}-hint`}>
              {f.hint}
            </Text>
          ) : null}
        </Paper>
      ))}
    </Group>
  );
}
