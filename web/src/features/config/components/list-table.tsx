import { Table, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ConfigRecord, Field } from '../api/config-types';
import { useFieldLabel } from '../hooks/use-display';
import type { SortDir } from '../utils/url-state';

export interface ListTableProps {
  columns: Field[];
  rows: ConfigRecord[];
  text: (field: Field, row: ConfigRecord) => string;
  sort: string | null;
  dir: SortDir;
  onSort: (field: string) => void;
  actions: (row: ConfigRecord) => ReactNode;
}

/** The records as a table; every column header sorts (a button, so the keyboard reaches it). */
export function ListTable({ columns, rows, text, sort, dir, onSort, actions }: ListTableProps) {
  const intl = useIntl();
  const label = useFieldLabel();
  const header = (f: Field) => `${label(f.name)}${f.unit ? ` (${f.unit})` : ''}`;
  const arrow = (f: Field) => (sort === f.name ? (dir === 'asc' ? ' ▲' : ' ▼') : '');

  return (
    <Table.ScrollContainer minWidth={Math.max(480, columns.length * 140 + 220)}>
      <Table striped highlightOnHover withTableBorder data-testid="config-table">
        <Table.Thead>
          <Table.Tr>
            {columns.map((f) => (
              <Table.Th key={f.name} aria-sort={sort === f.name ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                <UnstyledButton
                  onClick={() => onSort(f.name)}
                  fw={600}
                  fz="sm"
                  aria-label={intl.formatMessage({ id: 'web.config.sortBy' }, { column: header(f) })}
                >
                  {header(f)}
                  <span aria-hidden="true">{arrow(f)}</span>
                </UnstyledButton>
              </Table.Th>
            ))}
            <Table.Th>{intl.formatMessage({ id: 'web.config.actions' })}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row._id} data-id={row._id}>
              {columns.map((f) => (
                <Table.Td key={f.name} data-field={f.name}>
                  {text(f, row)}
                </Table.Td>
              ))}
              <Table.Td>{actions(row)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
