import { Anchor, Button, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Lot } from '../api/trace-types';
import type { TraceAccess } from '../hooks/use-trace-access';
import { useTraceText } from '../hooks/use-trace-text';
import { tracePaths } from '../utils/paths';
import { LotStatusBadge } from './lot-status-badge';

export interface LotTableProps {
  rows: Lot[];
  access: TraceAccess;
  onStatus: (lot: Lot) => void;
  onDelete: (lot: Lot) => void;
}

const NUM = { textAlign: 'right', whiteSpace: 'nowrap' } as const;
/** Numeric headings may wrap ("Put in / bins (kg)"), so the table fits a 1440 px screen. */
const NUM_HEAD = { textAlign: 'right', width: 84 } as const;

/** The lots, newest receipt first: what each is, where it came from, where it stands, what went where; and its actions. */
export function LotTable({ rows, access, onStatus, onDelete }: LotTableProps) {
  const text = useTraceText();
  const { t } = text;
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped highlightOnHover withTableBorder aria-label={t('web.screen.lots')} data-testid="lot-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('web.trace.lotNumber')}</Table.Th>
            <Table.Th>{t('web.trace.material')}</Table.Th>
            <Table.Th>{t('web.trace.supplier')}</Table.Th>
            <Table.Th>{t('web.trace.receivedAt')}</Table.Th>
            <Table.Th style={NUM_HEAD}>{t('web.trace.quantityKg')}</Table.Th>
            <Table.Th>{t('web.trace.statusLabel')}</Table.Th>
            <Table.Th style={NUM_HEAD}>{t('web.trace.filledKg')}</Table.Th>
            <Table.Th style={NUM_HEAD}>{t('web.trace.dosedKg')}</Table.Th>
            <Table.Th style={NUM_HEAD}>{t('web.trace.inBinsKg')}</Table.Th>
            <Table.Th>{t('web.config.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((l) => (
            <Table.Tr key={l._id} data-lot={l.lotNumber} data-status={l.status}>
              <Table.Td>
                <Anchor component={Link} to={tracePaths.lot(l._id)} fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {l.lotNumber}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {l.materialCode}
                </Text>
                <Text size="xs" c="dimmed">
                  {l.materialName}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {l.supplierCode}
                </Text>
                <Text size="xs" c="dimmed">
                  {l.supplierName}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{text.date(l.receivedAt, l.lineId)}</Text>
                <Text size="xs" c="dimmed">
                  {text.time(l.receivedAt, l.lineId)}
                </Text>
              </Table.Td>
              <Table.Td style={NUM}>{text.num(l.quantityKg)}</Table.Td>
              <Table.Td>
                <LotStatusBadge status={l.status} />
              </Table.Td>
              <Table.Td style={NUM}>{text.num(l.filledKg)}</Table.Td>
              <Table.Td style={NUM}>{text.num(l.dosedKg)}</Table.Td>
              <Table.Td style={NUM}>{text.num(l.inBinsKg)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="wrap" w={132}>
                  <Button size="compact-xs" variant="default" component={Link} to={tracePaths.lot(l._id)} aria-label={t('web.trace.viewOf', { lot: l.lotNumber })}>
                    {t('web.config.view')}
                  </Button>
                  {access.update ? (
                    <>
                      <Button size="compact-xs" variant="default" component={Link} to={tracePaths.editLot(l._id)} aria-label={t('web.trace.editOf', { lot: l.lotNumber })}>
                        {t('web.config.edit')}
                      </Button>
                      <Button size="compact-xs" variant="default" onClick={() => onStatus(l)} aria-label={t('web.trace.statusOf', { lot: l.lotNumber })} data-testid="lot-status-open">
                        {t('web.trace.status')}
                      </Button>
                    </>
                  ) : null}
                  {access.delete ? (
                    <Button size="compact-xs" variant="outline" color="#c92a2a" onClick={() => onDelete(l)} aria-label={t('web.trace.deleteOf', { lot: l.lotNumber })}>
                      {t('web.config.delete')}
                    </Button>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
