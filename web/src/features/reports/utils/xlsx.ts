/**
 * XLSX of a sheet (write-excel-file): a bold heading row, numbers as numeric cells with a
 * number format (kilograms and percentages with two decimals, shares of 0–1 as percentages,
 * counts and seconds whole), instants as date cells, text as text.
 */
import writeXlsxFile, { type Cell, type SheetData } from 'write-excel-file/universal';
import type { Sheet } from './export-data';

const FORMATS: Record<string, string | undefined> = { kg: '#,##0.00', pct: '0.00', share: '0.00%', count: '0', duration: '0' };
const DATE_FORMAT = 'yyyy-mm-dd hh:mm';

export async function xlsxBlob(sheet: Sheet, sheetName: string): Promise<Blob> {
  const head: Cell[] = sheet.headers.map((h) => ({ value: h, fontWeight: 'bold' }));
  const body: Cell[][] = sheet.rows.map((row) =>
    row.map((v, i): Cell => {
      if (v === null) return null;
      if (typeof v === 'number') return { value: v, type: Number, format: FORMATS[sheet.kinds[i]] };
      if (v instanceof Date) return { value: v, type: Date, format: DATE_FORMAT };
      return { value: v, type: String };
    }),
  );
  const data: SheetData = [head, ...body];
  const columns = sheet.headers.map((h) => ({ width: Math.min(40, Math.max(12, h.length + 2)) }));
  // Excel allows 31 characters and no []:*?/\ in a sheet's name.
  const sheet_ = sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Report';
  return writeXlsxFile(data, { columns, sheet: sheet_ }).toBlob();
}
