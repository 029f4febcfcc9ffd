/**
 * /traceability/batch/:lineId/:batchId: a batch traced back — its doses with the lot(s) each
 * took and their shares, the lots summed with their suppliers, what was dosed from no known
 * lot (flagged), and the deliveries that carried the batch.
 */
import { Anchor, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { FactsRow } from '@/components/facts-table';
import { allows, RULES } from '@/lib/access';
import { useSession } from '@/lib/session-store';
import { useBatchTrace } from '../api/trace-api';
import type { TracedBatch, TracedDose } from '../api/trace-types';
import { useTraceAccess } from '../hooks/use-trace-access';
import { useTraceText } from '../hooks/use-trace-text';
import { tracePaths } from '../utils/paths';
import { LotLink, LotsUsedTable, UnknownKg } from './lots-used';
import { ScreenFallback } from './screen-fallback';
import { DeliveriesTable, TraceSection } from './trace-tables';

const NUM = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

function BatchFacts({ batch: b }: { batch: TracedBatch }) {
  const text = useTraceText(b.lineId);
  const { t } = text;
  const access = useTraceAccess();
  return (
    <FactsRow
      label={t('web.trace.batchFacts')}
      testId="batch-facts"
      facts={[
        { id: 'line', label: t('web.config.line'), value: text.lineName(b.lineId, b.lineCode) },
        { id: 'recipe', label: t('web.trace.col.recipe'), value: b.recipeCode ? `${b.recipeCode}${b.recipeName ? ` · ${b.recipeName}` : ''}` : '—' },
        {
          id: 'order',
          label: t('web.trace.col.order'),
          value:
            b.orderId && b.orderNumber && access.orders ? (
              <Anchor component={Link} to={tracePaths.order(b.orderId)}>
                {b.orderNumber}
              </Anchor>
            ) : (
              (b.orderNumber ?? '—')
            ),
        },
        { id: 'started', label: t('web.trace.col.started'), value: text.dateTime(b.startedAt) },
        { id: 'ended', label: t('web.trace.col.ended'), value: text.dateTime(b.endedAt) },
        { id: 'status', label: t('web.trace.col.batchStatus'), value: text.batchStatus(b.status) },
        { id: 'batchKg', label: t('web.trace.col.batchKg'), value: text.kg(b.batchKg) },
        { id: 'medication', label: t('web.trace.col.medication'), value: text.medicationClass(b.medicationClass) },
      ]}
    />
  );
}

function DosesTable({ doses }: { doses: readonly TracedDose[] }) {
  const text = useTraceText();
  const { t } = text;
  if (doses.length === 0) return <Text size="sm">{t('web.trace.noDoses')}</Text>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table withTableBorder striped aria-labelledby="trace-doses" data-testid="trace-doses-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('web.trace.col.material')}</Table.Th>
            <Table.Th>{t('web.trace.col.bin')}</Table.Th>
            <Table.Th style={NUM}>{t('web.trace.col.kg')}</Table.Th>
            <Table.Th>{t('web.trace.col.lotsOfDose')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {doses.map((d, i) => {
            const known = d.lots.reduce((sum, l) => sum + (l.lotId ? l.kg : 0), 0);
            const unknown = d.kg - known;
            return (
              <Table.Tr key={`${d.materialCode}-${d.binCode ?? ''}-${i}`} data-material={d.materialCode}>
                <Table.Td>{d.materialCode}</Table.Td>
                <Table.Td>{d.binCode ?? t('web.trace.byHand')}</Table.Td>
                <Table.Td style={NUM}>{text.num(d.kg)}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    {d.lots.map((l, k) => (
                      <Group key={`${l.lotId ?? 'u'}-${k}`} gap={6} wrap="nowrap">
                        <LotLink lot={l} />
                        <Text span size="sm">
                          {t('web.trace.lotShare', { kg: text.kg(l.kg), share: text.share(l.share) })}
                        </Text>
                      </Group>
                    ))}
                    {unknown > 0.5 ? (
                      <Text size="sm" fw={600} c="#8a4b00" data-testid="dose-unknown">
                        <span aria-hidden="true">⚠ </span>
                        {t('web.trace.doseUnknown', { kg: text.kg(unknown) })}
                      </Text>
                    ) : null}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function BatchTracePage() {
  const { t } = useTraceText();
  const { lineId = '', batchId = '' } = useParams();
  const trace = useBatchTrace(lineId, batchId);
  const role = useSession((s) => s.role);
  const privileges = useSession((s) => s.privileges);
  const title = t('web.trace.batchTitle', { batch: batchId });
  if (!trace.data) return <ScreenFallback title={title} pending={trace.isPending} error={trace.error} />;
  const data = trace.data;
  return (
    <section aria-labelledby="screen-title" data-testid="batch-trace">
      <Stack gap="xs" mb="md">
        <Title order={1} size="h2" id="screen-title">
          {title}
        </Title>
        <Group gap="lg">
          {allows(RULES.reports, role, privileges) ? (
            <Anchor component={Link} to={tracePaths.batchRecord(batchId, lineId)} size="sm" data-testid="batch-record-link">
              {t('web.trace.batchRecordLink')}
            </Anchor>
          ) : null}
        </Group>
      </Stack>
      <BatchFacts batch={data.batch} />
      <TraceSection id="trace-lots" title={t('web.trace.lotsUsed')} testId="trace-lots">
        <UnknownKg kg={data.unknownKg} />
        <LotsUsedTable lots={data.lots} labelledBy="trace-lots" />
      </TraceSection>
      <TraceSection id="trace-doses" title={t('web.trace.doses', { count: data.doses.length })} testId="trace-doses">
        <DosesTable doses={data.doses} />
      </TraceSection>
      <DeliveriesTable rows={data.deliveries} ofLot={false} />
    </section>
  );
}
