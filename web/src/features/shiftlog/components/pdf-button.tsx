/** The entry as a PDF drawn by the server (in the user's language), downloaded with progress. */
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { TransferProgress } from '@/components/transfer-progress';
import { saveBlob } from '@/lib/api-client';
import { useErrorNotice } from '@/lib/use-error-notice';
import { shiftLogPdf } from '../api/shift-log-api';
import type { ShiftLog } from '../api/shift-log-types';
import { useShiftLogText } from '../hooks/use-shift-log-text';

/** `shift-log-Mash_line-2026-11-25-Early.pdf`, as the server names it. */
export const pdfName = (e: Pick<ShiftLog, 'lineName' | 'date' | 'shiftName'>) =>
  `shift-log-${e.lineName}-${e.date}-${e.shiftName}`.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\w.-]+/g, '_') + '.pdf';

export function PdfButton({ entry }: { entry: ShiftLog }) {
  const { t } = useShiftLogText(entry.lineId);
  const showError = useErrorNotice();
  const [progress, setProgress] = useState<number | null | undefined>(undefined);
  const busy = progress !== undefined;
  const run = async () => {
    if (busy) return;
    setProgress(null);
    try {
      saveBlob(await shiftLogPdf(entry.id, setProgress), pdfName(entry));
    } catch (e) {
      showError(e);
    } finally {
      setProgress(undefined);
    }
  };
  return (
    <Group gap="sm" wrap="nowrap">
      {busy ? <TransferProgress label={t('web.shiftLog.makingPdf')} value={progress} testId="shiftlog-pdf-progress" compact /> : null}
      <Button variant="default" onClick={() => void run()} loading={busy} aria-label={t('web.shiftLog.pdfOf')} data-testid="shiftlog-pdf">
        {t('web.shiftLog.pdf')}
      </Button>
    </Group>
  );
}
