/**
 * The export menu of a report section: CSV, Excel (XLSX) and PDF, with a progress bar while a
 * file is made (a paged report's pages, the PDF's download); beside it, for a report the server
 * delivers on a schedule, "Deliver this…" (the same heading, columns and query).
 */
import { Group } from '@mantine/core';
import { FileExportMenu } from '@/components/export-menu';
import { useReportExport, type ExportKind, type ExportSource } from '../hooks/use-report-export';
import { useReportFormat } from '../hooks/use-report-format';
import { DeliverButton } from './deliver-dialog';

const KINDS: { kind: ExportKind; label: string; making: string }[] = [
  { kind: 'csv', label: 'web.report.export.csv', making: 'web.report.export.makingCsv' },
  { kind: 'xlsx', label: 'web.report.export.xlsx', making: 'web.report.export.makingXlsx' },
  { kind: 'pdf', label: 'web.report.export.pdf', making: 'web.report.export.makingPdf' },
];

export function ExportMenu<R>({ source, disabled, testId }: { source: ExportSource<R>; disabled: boolean; testId: string }) {
  const { t } = useReportFormat();
  const exporter = useReportExport(source);
  return (
    <Group gap="sm" wrap="nowrap">
      <DeliverButton source={source} />
      <FileExportMenu
        choices={KINDS.map((k) => ({ kind: k.kind, label: t(k.label), making: t(k.making) }))}
        exporter={exporter}
        label={t('web.report.export.label')}
        ariaLabel={t('web.report.export.of', { report: source.heading })}
        disabled={disabled}
        testId={testId}
      />
    </Group>
  );
}
