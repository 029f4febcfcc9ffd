import { Button, Group } from '@mantine/core';
import { TransferProgress } from '@/components/transfer-progress';
import type { RecallKind } from '../api/trace-api';
import { useTraceText } from '../hooks/use-trace-text';
import { useRecallExport } from '../hooks/use-recall-export';

const KINDS: RecallKind[] = ['pdf', 'csv', 'xlsx'];

/** The recall report of a lot as PDF, CSV or XLSX, with a progress bar while the file comes. */
export function RecallExports({ lot, lineId }: { lot: { _id: string; lotNumber: string }; lineId: string }) {
  const text = useTraceText(lineId);
  const { t } = text;
  const { busy, progress, run } = useRecallExport(lot, text.zone(), t('web.trace.recallFile'));
  return (
    <Group gap="sm" wrap="wrap" role="group" aria-label={t('web.trace.exportLabel')} data-testid="recall-exports">
      {KINDS.map((kind) => (
        <Button
          key={kind}
          variant={kind === 'pdf' ? 'filled' : 'default'}
          loading={busy === kind}
          disabled={busy !== null && busy !== kind}
          onClick={() => void run(kind)}
          aria-label={t(`web.trace.exportOf.${kind}`, { lot: lot.lotNumber })}
          data-testid={`recall-${kind}`}
        >
          {t(`web.trace.export.${kind}`)}
        </Button>
      ))}
      {busy ? <TransferProgress label={t(`web.trace.making.${busy}`)} value={progress} testId="recall-progress" compact /> : null}
    </Group>
  );
}
