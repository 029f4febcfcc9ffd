import { describe, expect, it } from 'vitest';
import { BOM, csvBlob, csvField, toCsv } from './csv';

describe('CSV export', () => {
  it('quotes fields with commas, quotes and line breaks as RFC 4180 says', () => {
    expect(csvField('Maize, yellow')).toBe('"Maize, yellow"');
    expect(csvField('Soja "HP"')).toBe('"Soja ""HP"""');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('Weizen')).toBe('Weizen');
    expect(csvField(null)).toBe('');
  });

  it('writes numbers plainly and instants as RFC 3339', () => {
    expect(csvField(1200.456)).toBe('1200.456');
    expect(csvField(0.1 + 0.2)).toBe('0.3');
    expect(csvField(-4)).toBe('-4');
    expect(csvField(new Date('2026-11-23T06:00:00Z'))).toBe('2026-11-23T06:00:00.000Z');
  });

  it('keeps text a spreadsheet would run as a formula from being one', () => {
    expect(csvField('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvField('-ABC')).toBe("'-ABC");
  });

  it('starts with a byte order mark and ends every line with CRLF', async () => {
    const sheet = { headers: ['Material', 'Ist (kg)'], kinds: ['text', 'kg'] as const, rows: [['Gerste, geschält', 12.5], ['Öl', null]] };
    const text = toCsv({ ...sheet, kinds: [...sheet.kinds] });
    expect(text).toBe(`${BOM}Material,Ist (kg)\r\n"Gerste, geschält",12.5\r\nÖl,\r\n`);
    const bytes = new Uint8Array(await csvBlob({ ...sheet, kinds: [...sheet.kinds] }).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain('Öl');
  });
});
