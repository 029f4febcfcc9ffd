/**
 * The lots a batch used: material, lot (a link to the lot's view for users who may read lots;
 * doses of no known lot say so), supplier, status, kilograms and share of the batch. One table
 * for the batch's trace and for the batch record (`LotsUsedSection`), which shows it to users
 * the server lets read a batch's lots (lot or report readers).
 */
import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ReadTable } from '@/components/read-table';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import { useBatchTrace } from '../api/trace-api';
import type { TracedLot } from '../api/trace-types';
import { useTraceAccess } from '../hooks/use-trace-access';
import { useTraceText } from '../hooks/use-trace-text';
import { tracePaths } from '../utils/paths';
import { unaccounted } from '../utils/status';
import { LotStatusBadge } from './lot-status-badge';

const NUM = { textAlign: 'right', display: 'block', whiteSpace: 'nowrap' } as const;

/** A lot's number as a link (users who may read lots), else as text; a dose of no known lot says so. */
export function LotLink({ lot }: { lot: Pick<TracedLot, 'lotId' | 'lotNumber'> }) {
  const { t } = useTraceText();
  const access = useTraceAccess();
  if (!lot.lotId) return <Text span size="sm" fs="italic">{lot.lotNumber ? t('web.trace.unknownLotNamed', { lot: lot.lotNumber }) : t('web.trace.unknownLot')}</Text>;
  if (!access.read) return <>{lot.lotNumber}</>;
  return (
    <Anchor component={Link} to={tracePaths.lot(lot.lotId)} fw={600}>
      {lot.lotNumber}
    </Anchor>
  );
}

/** `ofDelivery`: the shares are of a delivery's kilograms (else of the batch's). */
export function LotsUsedTable({ lots, labelledBy, testId = 'lots-used-table', ofDelivery = false }: { lots: readonly TracedLot[]; labelledBy: string; testId?: string; ofDelivery?: boolean }) {
  const text = useTraceText();
  const { t } = text;
  const num = (v: ReactNode) => <span style={NUM}>{v}</span>;
  return (
    <ReadTable
      labelledBy={labelledBy}
      testId={testId}
      minWidth={760}
      headers={[t('web.trace.col.material'), t('web.trace.col.lot'), t('web.trace.col.supplier'), t('web.trace.statusLabel'), num(t('web.trace.col.kg')), num(t(ofDelivery ? 'web.trace.col.shareOfDelivery' : 'web.trace.col.share'))]}
      empty={t('web.trace.noLotsUsed')}
      rows={lots.map((l, i) => ({
        key: `${l.lotId ?? 'unknown'}-${l.materialCode}-${i}`,
        data: { 'data-lot': l.lotNumber ?? '' },
        cells: [
          l.materialCode,
          <LotLink key="l" lot={l} />,
          l.supplierCode ? `${l.supplierCode}${l.supplierName ? ` · ${l.supplierName}` : ''}` : '—',
          <LotStatusBadge key="s" status={l.status} />,
          num(text.num(l.kg)),
          num(text.share(l.share)),
        ],
      }))}
    />
  );
}

/** Kilograms dosed from no known lot, flagged in words. */
export function UnknownKg({ kg }: { kg: number }) {
  const text = useTraceText();
  if (!unaccounted(kg)) return null;
  return (
    <Alert color="#a65b00" variant="light" icon={<span aria-hidden="true">⚠</span>} data-testid="unknown-kg">
      {text.t('web.trace.unknownKg', { kg: text.kg(kg) })}
    </Alert>
  );
}

/** The batch record's "Lots used" (shown only to users who may read a batch's lots). */
export function LotsUsedSection({ lineId, batchId }: { lineId: string; batchId: string }) {
  const access = useTraceAccess();
  if (!access.batchLots) return null;
  return <LotsUsedBody lineId={lineId} batchId={batchId} />;
}

function LotsUsedBody({ lineId, batchId }: { lineId: string; batchId: string }) {
  const { t } = useTraceText(lineId);
  const trace = useBatchTrace(lineId, batchId);
  let body;
  if (trace.isPending) body = <Spinner />;
  else if (trace.isError) {
    const missing = trace.error instanceof ApiError && trace.error.status === 404;
    body = (
      <Text size="sm" role="status" data-testid="lots-used-none">
        {missing ? t('web.trace.noLotsUsed') : ((trace.error instanceof ApiError ? trace.error.firstError() : undefined) ?? t('server.error'))}
      </Text>
    );
  } else
    body = (
      <>
        <UnknownKg kg={trace.data.unknownKg} />
        <LotsUsedTable lots={trace.data.lots} labelledBy="lots-used-title" />
      </>
    );
  return (
    <Stack gap="sm" mb="xl" data-testid="lots-used">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4" id="lots-used-title">
          {t('web.trace.lotsUsed')}
        </Title>
        <Anchor component={Link} to={tracePaths.batch(lineId, batchId)} size="sm" data-testid="batch-trace-link">
          {t('web.trace.batchTraceLink')}
        </Anchor>
      </Group>
      {body}
    </Stack>
  );
}
