import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { textColumn, figure } from '../utils/columns';
import { pdfBody } from '../utils/pdf-request';
import { charges, FROM, TO } from '../testing/fixtures';
import { failed, fakeApi, ok } from '@/test/fake-api';
import { fetchAllCharges, reportPdf } from './reports-api';
import { REPORT_PATHS, type ReportRow } from './report-types';

afterEach(() => vi.unstubAllGlobals());

const COLUMNS = [textColumn<ReportRow>('name', 'web.report.col.material', 'name'), figure<ReportRow>('actualKg'), figure<ReportRow>('outOfTolerancePct')];
const t = (id: string) => ({ 'web.report.col.material': 'Material', 'web.report.col.actualKg': 'Actual (kg)', 'web.report.col.outOfTolerancePct': 'Out of tolerance (%)' })[id] ?? id;

describe('the report PDF', () => {
  it('is asked for with the headings shown, the paths of their values and the charts', () => {
    expect(pdfBody('Consumption Statistics', 'Consumption Statistics', COLUMNS, 'rows', [{ png: 'data:image/png;base64,AAA', title: 'Deviation (%)' }], t)).toEqual({
      heading: 'Consumption Statistics',
      title: 'Consumption Statistics',
      headers: ['Material', 'Actual (kg)', 'Out of tolerance (%)'],
      matchKeys: ['name', 'figures.actualKg', 'figures.outOfTolerancePct'],
      data: 'rows',
      images: ['data:image/png;base64,AAA'],
      imageTitles: ['Deviation (%)'],
    });
    expect(pdfBody('Categories', 'Categories', COLUMNS, 'categories', [], t)).not.toHaveProperty('imageTitles');
  });

  it('is a POST to the report’s path plus /generatePdf with the report’s own query, answered as a file', async () => {
    const api = fakeApi({ [`POST ${REPORT_PATHS.stats}/generatePdf`]: { raw: '%PDF-1.7 report', type: 'application/pdf' } });
    const progress: (number | null)[] = [];
    const body = pdfBody('Consumption Statistics', 'Consumption Statistics', COLUMNS, 'rows', [], t);
    const blob = await reportPdf(REPORT_PATHS.stats, { lineId: 'L1', fromDateTime: FROM, toDateTime: TO, shiftId: 'S1' }, body, (p) => progress.push(p));
    const [sent] = api.sent('POST', `${REPORT_PATHS.stats}/generatePdf`);
    expect(sent.query).toEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO, shiftId: 'S1' });
    expect(sent.body).toEqual(body);
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7 report');
    expect(progress.at(-1)).toBe(1);
  });

  it('rethrows the server’s refusal (§8)', async () => {
    fakeApi({ [`POST ${REPORT_PATHS.stats}/generatePdf`]: failed(400, 'Invalid', { toDateTime: 'The range is longer than 400 days' }) });
    const body = pdfBody('x', 'x', COLUMNS, 'rows', [], t);
    const error = await reportPdf(REPORT_PATHS.stats, { fromDateTime: FROM, toDateTime: TO }, body, () => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).firstError()).toBe('The range is longer than 400 days');
  });
});

describe('every batch of a range', () => {
  it('is fetched a thousand at a time until the total is reached, with progress', async () => {
    const api = fakeApi({ [`GET ${REPORT_PATHS.charges}`]: (call) => ok(charges(Number(call.query.page), Number(call.query.limit), 2100)) });
    const progress: number[] = [];
    const rows = await fetchAllCharges({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO }, (p) => progress.push(p));
    expect(rows).toHaveLength(2100);
    expect(api.sent('GET', REPORT_PATHS.charges).map((c) => [c.query.page, c.query.limit, c.query.lineId])).toEqual([
      ['1', '1000', 'L1'],
      ['2', '1000', 'L1'],
      ['3', '1000', 'L1'],
    ]);
    expect(progress.map((p) => Math.round(p * 100))).toEqual([33, 67, 100]);
  });
});
