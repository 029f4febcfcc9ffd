/**
 * A report as a sheet for the CSV and XLSX exports: the columns shown, in their order, with
 * translated headings; numbers as numbers, instants as instants, text as shown.
 */
import { fileName as sharedFileName } from '@/lib/file-name';
import type { ReportFormat } from '../hooks/use-report-format';
import { exportLabel, isNumeric, textOf, valueOf, type Column } from './columns';

export type SheetValue = string | number | Date | null;

export interface Sheet {
  headers: string[];
  /** The kind of each column, for number formats. */
  kinds: Column<unknown>['kind'][];
  rows: SheetValue[][];
}

/** The value of one cell in an export. */
function cell<R>(column: Column<R>, row: R, fmt: ReportFormat): SheetValue {
  const v = valueOf(column, row);
  if (isNumeric(column.kind)) return typeof v === 'number' && Number.isFinite(v) ? v : null;
  if (column.kind === 'dateTime') {
    const d = typeof v === 'string' ? new Date(v) : null;
    return d && !Number.isNaN(d.getTime()) ? d : null;
  }
  const text = textOf(column, row, fmt);
  return text === '—' ? null : text;
}

export function toSheet<R>(columns: readonly Column<R>[], rows: readonly R[], fmt: ReportFormat): Sheet {
  return {
    headers: columns.map((c) => fmt.t(exportLabel(c))),
    kinds: columns.map((c) => c.kind),
    rows: rows.map((row) => columns.map((c) => cell(c, row, fmt))),
  };
}

/** A file name from a title and the range: `Consumption_by_Materials_2026-11-23_0600.csv`. */
export const fileName = (title: string, stamp: string, ext: string): string => sharedFileName(title, stamp, ext, 'report');
