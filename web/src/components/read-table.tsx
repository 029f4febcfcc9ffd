import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ReadRow {
  key: string;
  cells: ReactNode[];
  /** data-* attributes of the row (tests and styling find rows by them). */
  data?: Record<`data-${string}`, string | undefined>;
}

export interface ReadTableProps {
  /** The id of the heading that names the table. */
  labelledBy: string;
  testId: string;
  headers: ReactNode[];
  rows: ReadRow[];
  /** Said instead of an empty table. */
  empty: string;
  /** Scrolls sideways below this width (px). */
  minWidth?: number;
  maw?: number;
  striped?: boolean;
}

/** A read-only table named by a heading, or a sentence when it has no rows. */
export function ReadTable({ labelledBy, testId, headers, rows, empty, minWidth, maw, striped = true }: ReadTableProps) {
  if (rows.length === 0) return <Text size="sm">{empty}</Text>;
  const table = (
    <Table withTableBorder striped={striped} maw={maw} aria-labelledby={labelledBy} data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          {headers.map((h, i) => (
            <Table.Th key={i}>{h}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key} {...r.data}>
            {r.cells.map((c, i) => (
              <Table.Td key={i}>{c}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return minWidth ? <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer> : table;
}
