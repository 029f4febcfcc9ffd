/**
 * The trail as the filters show it, as a file drawn by the server in the user's language: PDF
 * (at most 2,000 entries), CSV or Excel (at most 100,000), with a progress bar while it comes;
 * beyond that the server's message says to narrow the filters.
 */
import { FileExportMenu } from '@/components/export-menu';
import { fileName, fileStamp } from '@/lib/file-name';
import { useFileExport } from '@/lib/use-file-export';
import { auditFile } from '../api/audit-api';
import type { AuditFileKind, AuditFilterQuery } from '../api/audit-types';
import type { AuditText } from '../hooks/use-audit-text';

const KINDS: AuditFileKind[] = ['pdf', 'csv', 'xlsx'];

/** `filters`: the filters as the api takes them (null while they are not valid: nothing to export). */
export function AuditExports({ filters, text }: { filters: AuditFilterQuery | null; text: AuditText }) {
  const { t } = text;
  const exporter = useFileExport<AuditFileKind>(
    (kind, onProgress) => auditFile(kind, filters ?? {}, onProgress),
    (kind) => fileName(t('web.audit.fileTitle'), fileStamp(new Date(), text.zone), kind, 'audit-trail'),
  );
  return (
    <FileExportMenu
      choices={KINDS.map((kind) => ({ kind, label: t(`web.audit.export.${kind}`), making: t(`web.audit.making.${kind}`) }))}
      exporter={exporter}
      label={t('web.audit.export')}
      ariaLabel={t('web.audit.exportOf')}
      disabled={filters === null}
      testId="audit-export"
    />
  );
}
