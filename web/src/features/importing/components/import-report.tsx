import { Table, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useFieldLabel } from '@/features/config/hooks/use-display';
import type { RowError } from '../api/importing-api';

/** Every problem of a file, one table row each: the spreadsheet row, its column and why. */
export function ImportReport({ rows, fileName }: { rows: RowError[]; fileName: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const fieldLabel = useFieldLabel();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder captionSide="top" data-testid="import-report">
        <Table.Caption>{t('web.import.reportCaption', { count: rows.length, file: fileName })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('web.import.row')}</Table.Th>
            <Table.Th scope="col">{t('web.import.column')}</Table.Th>
            <Table.Th scope="col">{t('web.import.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => {
            const label = fieldLabel(r.column);
            return (
              <Table.Tr key={`${r.row}.${r.column}.${i}`} data-row={r.row} data-column={r.column}>
                <Table.Td>{r.row === 1 ? t('web.import.headerRow') : intl.formatNumber(r.row)}</Table.Td>
                <Table.Td>
                  <Text span ff="monospace" size="sm">
                    {r.column}
                  </Text>
                  {label !== r.column ? (
                    <Text span c="dimmed" size="sm">
                      {` (${label})`}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{r.message}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
