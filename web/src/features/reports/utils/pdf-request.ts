/**
 * The body of a report's PDF request (spec §7 PDF exports): the screen's heading, the column
 * headings as shown with the dotted path of each value in a row of the server's answer, which
 * array of the answer holds the rows, and the charts shown as PNG data URLs.
 */
import type { PdfBody } from '../api/reports-api';
import type { RowsField } from '../api/report-types';
import { exportLabel, type Column } from './columns';

export interface PdfImage {
  png: string;
  title: string;
}

export function pdfBody<R>(
  heading: string,
  title: string,
  columns: readonly Column<R>[],
  data: RowsField,
  images: readonly PdfImage[],
  t: (id: string) => string,
): PdfBody {
  const body: PdfBody = {
    heading,
    title,
    // The PDF prints durations as h:mm:ss, as the screen shows them (the server formats them).
    headers: columns.map((c) => t(c.kind === 'duration' ? c.label : exportLabel(c))),
    matchKeys: columns.map((c) => c.path),
    data,
    images: images.map((i) => i.png),
  };
  if (images.length > 0) body.imageTitles = images.map((i) => i.title);
  return body;
}
