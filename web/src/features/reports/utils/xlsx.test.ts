import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { xlsxBlob } from './xlsx';

describe('XLSX export', () => {
  it('makes a workbook with the headings, text cells and numbers as numeric cells', async () => {
    const blob = await xlsxBlob(
      {
        headers: ['Material', 'Actual (kg)', 'Ended'],
        kinds: ['text', 'kg', 'dateTime'],
        rows: [
          ['Maize, yellow', 1200.456, new Date('2026-11-23T06:00:00Z')],
          ['Total', 2000.856, null],
        ],
      },
      'Consumption: by [materials]',
    );
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1000);
    expect(strFromU8(bytes.slice(0, 2))).toBe('PK');
    const files = unzipSync(bytes);
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']);
    const strings = strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array());
    expect(sheet + strings).toContain('Maize, yellow');
    expect(sheet + strings).toContain('Actual (kg)');
    // A number is a plain numeric cell (`<v>` without t="s"), not a string.
    expect(sheet).toMatch(/<c r="B2"[^>]*><v>1200\.456<\/v><\/c>/);
    expect(sheet).not.toMatch(/<c r="B2"[^>]*t="s"/);
    expect(strFromU8(files['xl/workbook.xml'])).toContain('Consumption  by  materials');
  });
});
