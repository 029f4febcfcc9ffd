/**
 * A report's columns, declared once and used by the table (heading, cell, sort), the totals
 * row, the CSV and XLSX exports and the PDF request (`path` is the PDF's `matchKey`: the dotted
 * path of the value in a row of the server's answer).
 */
import type { ReactNode } from 'react';
import type { Figures } from '../api/report-types';
import type { ReportFormat, ValueKind } from '../hooks/use-report-format';
import { ALL_LINES } from './filters';

export interface Column<R> {
  id: string;
  /** Message id of its heading. */
  label: string;
  /** Message id of its heading in the CSV and XLSX exports, where it differs (a duration shown as h:mm:ss is exported in seconds; the PDF prints it as shown). */
  exportLabel?: string;
  /** Dotted path of its value in a row: sorted, exported and sent as the PDF's `matchKey`. */
  path: string;
  kind: ValueKind;
  /** Dotted path of its total in the answer's `totals`; none: an empty totals cell. */
  total?: string;
  /** The text shown when it is not the formatted value (a bucket's period, a recipe's version). */
  text?: (row: R, fmt: ReportFormat) => string;
  /** The cell when it is more than text (a link to a drill-down). */
  cell?: (row: R, text: string) => ReactNode;
  /** False for columns the table cannot sort (default true). */
  sortable?: boolean;
  /** A control (a button), not data: left out of the exports and the PDF. */
  action?: boolean;
}

/** The value at a dotted path (`figures.actualKg`), or undefined. */
export function pick(obj: unknown, path: string): unknown {
  let at: unknown = obj;
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

export type FigureName = keyof Figures;

const FIGURES: Record<FigureName, { label: string; kind: ValueKind }> = {
  batches: { label: 'web.report.col.batches', kind: 'count' },
  aborted: { label: 'web.report.col.aborted', kind: 'count' },
  targetKg: { label: 'web.report.col.targetKg', kind: 'kg' },
  doses: { label: 'web.report.col.doses', kind: 'count' },
  setpointKg: { label: 'web.report.col.setpointKg', kind: 'kg' },
  actualKg: { label: 'web.report.col.actualKg', kind: 'kg' },
  deviationKg: { label: 'web.report.col.deviationKg', kind: 'kg' },
  deviationPct: { label: 'web.report.col.deviationPct', kind: 'pct' },
  outOfTolerance: { label: 'web.report.col.outOfTolerance', kind: 'count' },
  outOfTolerancePct: { label: 'web.report.col.outOfTolerancePct', kind: 'pct' },
  sharePct: { label: 'web.report.col.sharePct', kind: 'pct' },
  meanKg: { label: 'web.report.col.meanKg', kind: 'kg' },
  meanDeviationKg: { label: 'web.report.col.meanDeviationKg', kind: 'kg' },
  stdDevKg: { label: 'web.report.col.stdDevKg', kind: 'kg' },
  ootBatches: { label: 'web.report.col.ootBatches', kind: 'count' },
  ootBatchesPct: { label: 'web.report.col.ootBatchesPct', kind: 'pct' },
  meanBatchS: { label: 'web.report.col.meanBatchS', kind: 'duration' },
};

/** A figure of a report row (`figures.<name>`), totalled from the answer's `totals`. */
export function figure<R>(name: FigureName, over: Partial<Column<R>> = {}): Column<R> {
  return { id: name, ...FIGURES[name], path: `figures.${name}`, total: name, ...over };
}

/** A figure held at the top of a row (a batch of the batch list), totalled from `totals`. */
export function flatFigure<R>(name: FigureName, over: Partial<Column<R>> = {}): Column<R> {
  return { id: name, ...FIGURES[name], path: name, total: name, ...over };
}

/** A text (or instant) column without a total. */
export function textColumn<R>(id: string, label: string, path: string, over: Partial<Column<R>> = {}): Column<R> {
  return { id, label, path, kind: 'text', ...over };
}

/** A cell's raw value: what is sorted and exported. */
export const valueOf = <R>(column: Column<R>, row: R): unknown => pick(row, column.path);

/** A cell's text as shown. */
export function textOf<R>(column: Column<R>, row: R, fmt: ReportFormat): string {
  return column.text ? column.text(row, fmt) : fmt.value(column.kind, valueOf(column, row));
}

/** The columns that hold data (what the exports and the PDF show). */
export const dataColumns = <R>(columns: readonly Column<R>[]) => columns.filter((c) => !c.action);

/** A column's heading in the exports and the PDF. */
export const exportLabel = <R>(column: Column<R>) => column.exportLabel ?? column.label;

/** True for columns whose values are numbers (right-aligned, sorted high first). */
export const isNumeric = (kind: ValueKind) => kind === 'kg' || kind === 'pct' || kind === 'share' || kind === 'count' || kind === 'duration';

/**
 * The columns of rows that carry only their line's id: over every line a line column after the
 * first, named from the lines cache (exported and printed by its id); none for one line.
 */
export function withLine<R extends { lineId: string }>(columns: readonly Column<R>[], names: Record<string, string>, lineId: string): Column<R>[] {
  if (lineId && lineId !== ALL_LINES) return [...columns];
  const line = textColumn<R>('line', 'web.report.col.line', 'lineId', { text: (r) => names[r.lineId] ?? r.lineId });
  return [columns[0], line, ...columns.slice(1)];
}
