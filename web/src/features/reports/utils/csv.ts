/**
 * CSV of a sheet (RFC 4180): comma-separated, CRLF line ends, fields with a comma, quote or line
 * break quoted with inner quotes doubled; a UTF-8 byte order mark first, so Excel reads umlauts.
 * Numbers are written plainly (a dot for decimals, at most four of them), instants as RFC 3339.
 * Text that a spreadsheet would take for a formula gets a leading apostrophe.
 */
import type { Sheet, SheetValue } from './export-data';

export const BOM = '\uFEFF';

/** One field, quoted when it must be. */
export function csvField(value: SheetValue): string {
  let text: string;
  if (value === null) text = '';
  else if (typeof value === 'number') text = String(Math.round(value * 10_000) / 10_000);
  else if (value instanceof Date) text = value.toISOString();
  else text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(sheet: Sheet): string {
  const lines = [sheet.headers, ...sheet.rows].map((row) => row.map(csvField).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

export function csvBlob(sheet: Sheet): Blob {
  return new Blob([toCsv(sheet)], { type: 'text/csv;charset=utf-8' });
}
