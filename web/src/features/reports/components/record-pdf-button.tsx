/**
 * The whole batch record as one PDF, drawn by the server (its header with order and recipe
 * version, dosing, mixing, process values, miscellaneous values, alarms and lines to sign on):
 * for one batch (`getlinebatchdetails`) or a line's running batch (`getlivebatch`). The body is
 * a report PDF's (spec §7): the dose columns as the screen shows them, and the heading.
 */
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { TransferProgress } from '@/components/transfer-progress';
import { saveBlob } from '@/lib/api-client';
import { useErrorNotice } from '@/lib/use-error-notice';
import { REPORT_PATHS, type ReportParams } from '../api/report-types';
import { reportPdf } from '../api/reports-api';
import { useReportFormat } from '../hooks/use-report-format';
import { dataColumns } from '../utils/columns';
import { fileStamp } from '../utils/dates';
import { fileName } from '../utils/export-data';
import { pdfBody } from '../utils/pdf-request';
import { DOSE_COLUMNS } from './batch-columns';

interface Props {
  path: typeof REPORT_PATHS.batchDetails | typeof REPORT_PATHS.liveBatch;
  params: ReportParams;
  /** The document's heading and the file's name. */
  heading: string;
  /** The batch's start, for the file's name. */
  from: string;
  testId: string;
}

export function RecordPdfButton({ path, params, heading, from, testId }: Props) {
  const fmt = useReportFormat();
  const showError = useErrorNotice();
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const run = async () => {
    setBusy(true);
    setProgress(null);
    try {
      const body = pdfBody(heading, heading, dataColumns(DOSE_COLUMNS), 'rows', [], fmt.t);
      saveBlob(await reportPdf(path, params, body, setProgress), fileName(heading, fileStamp(from, fmt.zone), 'pdf'));
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="sm" wrap="nowrap">
      {busy ? <TransferProgress label={fmt.t('web.report.export.makingPdf')} value={progress} testId={`${testId}-progress`} compact /> : null}
      <Button variant="default" size="xs" disabled={busy} onClick={() => void run()} data-testid={testId}>
        {fmt.t('web.batch.recordPdf')}
      </Button>
    </Group>
  );
}
