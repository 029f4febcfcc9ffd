/**
 * The reports' table: a caption, headings that sort on click or Enter/Space (with `aria-sort`),
 * a totals row, rows that open to show what they hold, and an empty sentence instead of an
 * empty table. Sorting and paging are controlled (their state is in the URL); the rows given
 * are the page to show.
 */
import { ActionIcon, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Fragment, useState, type ReactNode } from 'react';
import { useReportFormat, type ReportFormat } from '../hooks/use-report-format';
import { isNumeric, pick, textOf, type Column } from '../utils/columns';
import type { SortState } from '../utils/sort';

export interface Expansion<R> {
  /** What an open row shows. */
  render: (row: R) => ReactNode;
  /** The name of a row's open/close button ("Materials of Grains"). */
  label: (row: R, fmt: ReportFormat) => string;
  /** False for rows with nothing to show. */
  can?: (row: R) => boolean;
}

export interface ReportTableProps<R> {
  caption: string;
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  /** The answer's totals; none: no totals row. */
  totals?: unknown;
  /** Said instead of an empty table. */
  empty: string;
  sort?: SortState | null;
  /** Absent: the headings do not sort. */
  onSort?: (column: Column<R>) => void;
  expand?: Expansion<R>;
  testId: string;
}

const ARROWS = { asc: '▲', desc: '▼' } as const;

function SortHeading<R>({ column, sort, onSort, label }: { column: Column<R>; sort?: SortState | null; onSort?: (c: Column<R>) => void; label: string }) {
  const numeric = isNumeric(column.kind);
  const active = sort?.by === column.id ? sort.dir : null;
  if (!onSort || column.sortable === false)
    return (
      <Table.Th scope="col" ta={numeric ? 'right' : undefined}>
        {label}
      </Table.Th>
    );
  return (
    <Table.Th scope="col" aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none'} ta={numeric ? 'right' : undefined}>
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm" data-testid={`sort-${column.id}`}>
        {label}
        <Text component="span" aria-hidden ml={4} c={active ? undefined : 'dimmed'} fz="xs">
          {active ? ARROWS[active] : '↕'}
        </Text>
      </UnstyledButton>
    </Table.Th>
  );
}

export function ReportTable<R>({ caption, columns, rows, rowKey, totals, empty, sort, onSort, expand, testId }: ReportTableProps<R>) {
  const fmt = useReportFormat();
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  if (rows.length === 0)
    return (
      <Text role="status" data-testid={`${testId}-empty`}>
        {empty}
      </Text>
    );
  const toggle = (key: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const span = columns.length + (expand ? 1 : 0);
  const align = (c: Column<R>) => (isNumeric(c.kind) ? 'right' : undefined);

  return (
    // A table wider than the screen scrolls: its scroll area takes the focus, so the keyboard scrolls it too.
    <Table.ScrollContainer minWidth={Math.min(1200, columns.length * 120)} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': caption } }}>
      <Table striped highlightOnHover withTableBorder captionSide="top" data-testid={testId}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {expand ? (
              <Table.Th scope="col" w={44}>
                <VisuallyHidden>{fmt.t('web.report.details')}</VisuallyHidden>
              </Table.Th>
            ) : null}
            {columns.map((c) => (
              <SortHeading key={c.id} column={c} sort={sort} onSort={onSort} label={fmt.t(c.label)} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const key = rowKey(row);
            const isOpen = open.has(key);
            const detailId = `${testId}-detail-${key}`.replace(/[^\w-]/g, '_');
            return (
              <Fragment key={key}>
                <Table.Tr data-row={key}>
                  {expand ? (
                    <Table.Td>
                      {expand.can?.(row) === false ? null : (
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          onClick={() => toggle(key)}
                          aria-expanded={isOpen}
                          aria-controls={isOpen ? detailId : undefined}
                          aria-label={expand.label(row, fmt)}
                          data-testid="row-toggle"
                        >
                          <span aria-hidden>{isOpen ? '−' : '+'}</span>
                        </ActionIcon>
                      )}
                    </Table.Td>
                  ) : null}
                  {columns.map((c) => {
                    const text = textOf(c, row, fmt);
                    return (
                      <Table.Td key={c.id} ta={align(c)} data-col={c.id}>
                        {c.cell ? c.cell(row, text) : text}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
                {expand && isOpen ? (
                  <Table.Tr id={detailId} data-detail={key}>
                    <Table.Td colSpan={span}>{expand.render(row)}</Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
        {totals ? (
          <Table.Tfoot data-testid={`${testId}-totals`}>
            <Table.Tr>
              {expand ? <Table.Td /> : null}
              {columns.map((c, i) =>
                i === 0 ? (
                  <Table.Th key={c.id} scope="row">
                    {fmt.t('web.report.total')}
                  </Table.Th>
                ) : (
                  <Table.Td key={c.id} ta={align(c)} fw={700} data-col={c.id}>
                    {c.total ? fmt.value(c.kind, pick(totals, c.total)) : ''}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </Table.ScrollContainer>
  );
}
