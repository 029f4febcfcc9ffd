import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, type SentCall } from '@/test/fake-api';
import { REPORT_PATHS } from '../api/report-types';
import { outOfSpecPage } from '../testing/diag-fixtures';
import { FROM, TO } from '../testing/fixtures';
import { reportScreens } from '../testing/screen-setup';
import { searchOf, show } from '../testing/show';
import OutOfSpecScreen from './out-of-spec-screen';

const BASE = '/reporting/diagnostics/outofspec';
const AT = `${BASE}?lineId=L1&fromDateTime=${FROM}&toDateTime=${TO}`;

const routes = (total = 3) => ({
  'GET /api/getallrecipebylineandtime': ok([]),
  'GET /api/productionschedulelist': ok([]),
  [`GET ${REPORT_PATHS.outOfSpec}`]: (call: SentCall) => ok(outOfSpecPage(Number(call.query.page), Number(call.query.limit), total, call.query.kind)),
  [`POST ${REPORT_PATHS.outOfSpec}/generatePdf`]: { raw: '%PDF-1.7 fake', type: 'application/pdf' },
});

const table = () => screen.getByTestId('report-rows-table');
const bodyRows = () => within(table()).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));
const cell = (row: HTMLElement, col: string) => row.querySelector(`[data-col="${col}"]`) as HTMLElement;

describe('out of spec', () => {
  const saved = reportScreens('PRIVILEGE', ['REPORTS_READ']);

  it('lists each dose and value out of spec with its limits, direction and excursion, the batch linking to its specific view', async () => {
    const api = fakeApi(routes());
    show(OutOfSpecScreen, BASE, AT);
    await screen.findByTestId('report-rows-table');
    expect(api.sent('GET', REPORT_PATHS.outOfSpec)[0].query).toEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO, kind: 'ALL', page: '1', limit: '50' });
    const [first, second] = bodyRows();
    expect(cell(first, 'kind')).toHaveTextContent('Dose');
    expect(cell(first, 'what')).toHaveTextContent('PREMIX · Premix');
    expect(cell(first, 'value')).toHaveTextContent('10.3');
    expect(cell(first, 'target')).toHaveTextContent('10.0');
    expect(cell(first, 'highLimit')).toHaveTextContent('10.1');
    expect(within(cell(first, 'direction')).getByTestId('direction-OVER')).toHaveTextContent('Over');
    expect(cell(first, 'excursion')).toHaveTextContent('0.2 kg');
    expect(cell(second, 'kind')).toHaveTextContent('Process value');
    expect(cell(second, 'what')).toHaveTextContent('MIXER_TEMP_C · Mixer temperature');
    expect(cell(second, 'excursion')).toHaveTextContent('0.75 °C');
    expect(cell(second, 'target')).toHaveTextContent('—');
    const link = within(cell(first, 'batch')).getByRole('link', { name: 'Open batch ML1-0003 in its context' });
    expect(link).toHaveAttribute('href', `/reporting/diagnostics/specificview/L1/V2/ML1-0003/0/${encodeURIComponent(FROM)}/${encodeURIComponent(TO)}`);
    // One line chosen: no line column.
    expect(screen.queryByRole('columnheader', { name: 'Line' })).toBeNull();

    const chart = screen.getByRole('img', { name: 'Out-of-spec rows per material or parameter (this page: 3 of 3)' });
    expect(chart).toHaveAttribute('data-points', '2');
    expect(document.getElementById(chart.getAttribute('aria-describedby')!)).toHaveTextContent('2 materials or parameters on this page; most often PREMIX with 2 rows.');
  });

  it('pages on the server and narrows to doses', async () => {
    const api = fakeApi(routes(120));
    const user = userEvent.setup();
    show(OutOfSpecScreen, BASE, AT);
    await screen.findByTestId('report-rows-table');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(api.sent('GET', REPORT_PATHS.outOfSpec).at(-1)?.query).toMatchObject({ page: '3', limit: '50' });

    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    await user.click(await screen.findByRole('option', { name: 'Doses' }));
    await waitFor(() => expect(api.sent('GET', REPORT_PATHS.outOfSpec).at(-1)?.query).toMatchObject({ kind: 'DOSE', page: '1' }));
    expect(searchOf(screen.getByTestId('location')).get('kind')).toBe('DOSE');
    expect(searchOf(screen.getByTestId('location')).get('rows.page')).toBeNull();
  });

  it('asks the server for the PDF with the columns shown and the chart', async () => {
    const api = fakeApi(routes());
    const user = userEvent.setup();
    show(OutOfSpecScreen, BASE, AT);
    await screen.findByTestId('report-rows-table');
    await user.click(screen.getByRole('button', { name: 'Export Out of spec' }));
    await user.click(await screen.findByTestId('report-rows-export-pdf'));
    await waitFor(() => expect(saved.files).toHaveLength(1));
    const pdf = api.sent('POST', `${REPORT_PATHS.outOfSpec}/generatePdf`)[0];
    expect(pdf.query).toMatchObject({ lineId: 'L1', kind: 'ALL' });
    const body = pdf.body as { data: string; matchKeys: string[]; headers: string[] };
    expect(body.data).toBe('rows');
    expect(body.matchKeys).toEqual(['at', 'batchId', 'recipeCode', 'scheduleName', 'kind', 'code', 'value', 'target', 'lowLimit', 'highLimit', 'direction', 'excursion', 'unit']);
    expect(body.headers).toContain('Past the limit by');
    expect(saved.files[0].name).toMatch(/^Out_of_spec_.*\.pdf$/);
  });

  it('says so when nothing went out of spec', async () => {
    fakeApi(routes(0));
    show(OutOfSpecScreen, BASE, AT);
    expect(await screen.findByTestId('report-rows-table-empty')).toHaveTextContent('Nothing went out of spec in this range.');
  });
});
