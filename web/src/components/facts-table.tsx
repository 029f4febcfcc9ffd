import { Group, Paper, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Fact {
  id: string;
  label: string;
  value: ReactNode;
}

/** A record's facts as a two-column table: each label a row header, its value beside it. */
export function FactsTable({ facts, label, testId, maw = 620 }: { facts: readonly Fact[]; label: string; testId: string; maw?: number }) {
  return (
    <Table withTableBorder variant="vertical" maw={maw} aria-label={label} data-testid={testId}>
      <Table.Tbody>
        {facts.map((f) => (
          <Table.Tr key={f.id} data-field={f.id}>
            <Table.Th scope="row" w="38%">
              {f.label}
            </Table.Th>
            <Table.Td>{f.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Short facts side by side, each a label over its value (a batch's line, recipe, order, times…). */
export function FactsRow({ facts, label, testId }: { facts: readonly Fact[]; label: string; testId: string }) {
  return (
    <Group gap="sm" wrap="wrap" role="group" aria-label={label} data-testid={testId}>
      {facts.map((f) => (
        <Paper key={f.id} withBorder radius="sm" px="md" py={6} data-field={f.id}>
          <Text size="xs" c="dimmed">
            {f.label}
          </Text>
          <Text component="div" size="sm" fw={600}>
            {f.value}
          </Text>
        </Paper>
      ))}
    </Group>
  );
}
