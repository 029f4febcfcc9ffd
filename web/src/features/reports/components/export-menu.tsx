/**
 * The export menu of a report section: CSV, Excel (XLSX) and PDF, with a progress bar while a
 * file is made (a paged report's pages, the PDF's download).
 */
import { Button, Group, Menu } from '@mantine/core';
import { TransferProgress } from '@/components/transfer-progress';
import { useReportExport, type ExportKind, type ExportSource } from '../hooks/use-report-export';
import { useReportFormat } from '../hooks/use-report-format';

const KINDS: { kind: ExportKind; label: string }[] = [
  { kind: 'csv', label: 'web.report.export.csv' },
  { kind: 'xlsx', label: 'web.report.export.xlsx' },
  { kind: 'pdf', label: 'web.report.export.pdf' },
];

const PROGRESS: Record<ExportKind, string> = {
  csv: 'web.report.export.makingCsv',
  xlsx: 'web.report.export.makingXlsx',
  pdf: 'web.report.export.makingPdf',
};

export function ExportMenu<R>({ source, disabled, testId }: { source: ExportSource<R>; disabled: boolean; testId: string }) {
  const { t } = useReportFormat();
  const { busy, progress, run } = useReportExport(source);
  return (
    <Group gap="sm" wrap="nowrap">
      {busy ? <TransferProgress label={t(PROGRESS[busy])} value={progress} testId={`${testId}-progress`} compact /> : null}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" disabled={disabled || busy !== null} aria-label={t('web.report.export.of', { report: source.heading })} data-testid={testId}>
            {t('web.report.export.label')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {KINDS.map(({ kind, label }) => (
            <Menu.Item key={kind} onClick={() => void run(kind)} data-testid={`${testId}-${kind}`}>
              {t(label)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
