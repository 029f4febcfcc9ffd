/**
 * A report section's exports: CSV and XLSX made here from the columns shown (every row in the
 * table's order, then the totals; a paged report fetches every page first, with progress), and
 * the PDF drawn by the server from the same query as the report, with the charts shown.
 */
import { useFileExport, type FileExport } from '@/lib/use-file-export';
import { reportPdf } from '../api/reports-api';
import type { ReportParams, ReportPath, RowsField } from '../api/report-types';
import type { ChartHandle } from '../components/report-chart';
import { dataColumns, pick, type Column } from '../utils/columns';
import { csvBlob } from '../utils/csv';
import { fileStamp } from '../utils/dates';
import { fileName, toSheet, type Sheet } from '../utils/export-data';
import { pdfBody, type PdfImage } from '../utils/pdf-request';
import { useReportFormat, type ReportFormat } from './use-report-format';

export type ExportKind = 'csv' | 'xlsx' | 'pdf';

export interface ExportSource<R> {
  /** The PDF's heading and the files' name. */
  heading: string;
  columns: readonly Column<R>[];
  /** Every row in the table's order (a paged report: fetched with progress). */
  rows: (onProgress: (fraction: number | null) => void) => Promise<readonly R[]>;
  totals?: unknown;
  path: ReportPath;
  params: ReportParams;
  rowsField: RowsField;
  charts: () => (ChartHandle | null)[];
  /** The range, for the files' names. */
  from: string;
}

/** The sheet with a totals row under it. */
function withTotals<R>(sheet: Sheet, columns: readonly Column<R>[], totals: unknown, fmt: ReportFormat): Sheet {
  if (!totals) return sheet;
  const row = columns.map((c, i) => {
    if (i === 0) return fmt.t('web.report.total');
    const v = c.total ? pick(totals, c.total) : null;
    return typeof v === 'number' ? v : null;
  });
  return { ...sheet, rows: [...sheet.rows, row] };
}

export function useReportExport<R>(source: ExportSource<R>): FileExport<ExportKind> {
  const fmt = useReportFormat();

  const make = async (kind: ExportKind, setProgress: (fraction: number | null) => void): Promise<Blob> => {
    const columns = dataColumns(source.columns);
    if (kind === 'pdf') {
      const images: PdfImage[] = source
        .charts()
        .map((c) => (c ? { png: c.png(), title: c.title } : null))
        .filter((i): i is PdfImage => Boolean(i?.png));
      const body = pdfBody(source.heading, source.heading, columns, source.rowsField, images, fmt.t);
      return reportPdf(source.path, source.params, body, setProgress);
    }
    const rows = await source.rows(setProgress);
    const sheet = withTotals(toSheet(columns, rows, fmt), columns, source.totals, fmt);
    if (kind === 'csv') return csvBlob(sheet);
    // The workbook writer loads only when a workbook is asked for.
    const { xlsxBlob } = await import('../utils/xlsx');
    return xlsxBlob(sheet, source.heading);
  };

  return useFileExport(make, (kind) => fileName(source.heading, fileStamp(source.from, fmt.zone), kind));
}
