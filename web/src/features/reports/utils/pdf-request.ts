/**
 * The body of a report's PDF request (spec §7 PDF exports): the screen's heading, the column
 * headings as shown with the dotted path of each value in a row of the server's answer, which
 * array of the answer holds the rows, and the charts shown as PNG data URLs. Without the charts
 * it is the report's layout, which a scheduled delivery keeps (its PDF, CSV and workbook).
 */
import type { PdfBody } from '../api/reports-api';
import type { RowsField } from '../api/report-types';
import { exportLabel, type Column } from './columns';

export interface PdfImage {
  png: string;
  title: string;
}

/** A PDF body without its charts: what a scheduled delivery prints (charts are not drawn server-side). */
export type ReportLayout = Pick<PdfBody, 'heading' | 'title' | 'headers' | 'matchKeys' | 'data'>;

export function reportLayout<R>(heading: string, title: string, columns: readonly Column<R>[], data: RowsField, t: (id: string) => string): ReportLayout {
  return {
    heading,
    title,
    // The PDF prints durations as h:mm:ss, as the screen shows them (the server formats them).
    headers: columns.map((c) => t(c.kind === 'duration' ? c.label : exportLabel(c))),
    matchKeys: columns.map((c) => c.path),
    data,
  };
}

export function pdfBody<R>(
  heading: string,
  title: string,
  columns: readonly Column<R>[],
  data: RowsField,
  images: readonly PdfImage[],
  t: (id: string) => string,
): PdfBody {
  const body: PdfBody = { ...reportLayout(heading, title, columns, data, t), images: images.map((i) => i.png) };
  if (images.length > 0) body.imageTitles = images.map((i) => i.title);
  return body;
}
