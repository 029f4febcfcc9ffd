import { Group, Text } from '@mantine/core';
import { FactsTable } from '@/components/facts-table';
import type { Lot } from '../api/trace-types';
import { useTraceText } from '../hooks/use-trace-text';
import { LotStatusBadge } from './lot-status-badge';

/** A lot's facts: material, supplier, receipt, quantity, expiry, certificate, and where its status stands (who moved it, when and why). */
export function LotFacts({ lot }: { lot: Lot }) {
  const text = useTraceText(lot.lineId);
  const { t } = text;
  return (
    <FactsTable
      label={t('web.trace.lotFacts')}
      testId="lot-facts"
      facts={[
        { id: 'material', label: t('web.trace.material'), value: `${lot.materialCode} · ${lot.materialName}` },
        { id: 'supplier', label: t('web.trace.supplier'), value: `${lot.supplierCode} · ${lot.supplierName}` },
        { id: 'line', label: t('web.config.line'), value: text.lineName(lot.lineId) },
        { id: 'receivedAt', label: t('web.trace.receivedAt'), value: text.dateTime(lot.receivedAt) },
        { id: 'quantityKg', label: t('web.trace.quantity'), value: text.kg(lot.quantityKg) },
        { id: 'expiresAt', label: t('web.trace.expiresAt'), value: text.dateTime(lot.expiresAt) },
        { id: 'certificate', label: t('web.trace.certificate'), value: lot.certificate || '—' },
        {
          id: 'status',
          label: t('web.trace.statusLabel'),
          value: (
            <Group gap="xs" wrap="wrap">
              <LotStatusBadge status={lot.status} />
              <Text size="sm" data-testid="lot-status-line">
                {t(lot.statusReason ? 'web.trace.statusLine' : 'web.trace.statusLineNoReason', { at: text.dateTime(lot.statusAt), by: lot.statusBy ?? '—', reason: lot.statusReason ?? '' })}
              </Text>
            </Group>
          ),
        },
        { id: 'created', label: t('web.trace.receivedBy'), value: t('web.trace.atBy', { at: text.dateTime(lot.createdAt), by: lot.createdBy ?? '—' }) },
      ]}
    />
  );
}
