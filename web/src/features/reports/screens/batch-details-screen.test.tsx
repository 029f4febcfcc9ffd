import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers';
import { STORAGE } from '@/lib/storage-keys';
import { useLocale } from '@/lib/locale-store';
import { catalogues } from '@/test/catalogues';
import { failed, fakeApi, ok, type Reply } from '@/test/fake-api';
import { LocationProbe } from '@/test/render';
import { BATCH_TRACE } from '@/features/traceability/testing/fixtures';
import { REPORT_PATHS } from '../api/report-types';
import { BATCH, DETAILS, DOSES, ENDED, MISC, MIXING, PARAMETERS, STARTED } from '../testing/batch-fixtures';
import { reportScreens } from '../testing/screen-setup';
import { show } from '../testing/show';
import BatchDetailsScreen from './batch-details-screen';

const BASE = '/reporting/batch/batchdetails/:id';
const AT = `/reporting/batch/batchdetails/${BATCH}`;
const SUMMARY = '/reporting/batch/batchsummary';
const PDF = `${REPORT_PATHS.batchWeighings}/generatePdf`;
const RECORD_PDF = `${REPORT_PATHS.batchDetails}/generatePdf`;

const routes = (more: Record<string, Reply> = {}) => ({
  [`GET ${REPORT_PATHS.batchDetails}`]: ok(DETAILS),
  [`GET ${REPORT_PATHS.batchWeighings}`]: ok(DOSES),
  [`GET ${REPORT_PATHS.batchMixing}`]: ok(MIXING),
  [`GET ${REPORT_PATHS.batchParameters}`]: ok(PARAMETERS),
  [`GET ${REPORT_PATHS.batchMisc}`]: ok(MISC),
  [`POST ${PDF}`]: { raw: '%PDF-1.7', type: 'application/pdf' },
  [`POST ${RECORD_PDF}`]: { raw: '%PDF-1.7 record', type: 'application/pdf' },
  ...more,
});

const rowsOf = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));
const cell = (row: HTMLElement, col: string) => row.querySelector(`[data-col="${col}"]`) as HTMLElement;
const fact = (id: string) => screen.getByTestId(`batch-fact-${id}`);

describe('batch details', () => {
  const saved = reportScreens('PRIVILEGE', ['REPORTS_READ']);

  it('shows the header, the doses flagged against the plan, the mixing with its curves, the process values and the miscellaneous values', async () => {
    const api = fakeApi(routes());
    show(BatchDetailsScreen, BASE, AT);
    expect(await screen.findByRole('heading', { level: 1, name: `Batch ${BATCH}` })).toBeInTheDocument();
    await screen.findByTestId('report-doses-table');
    expect(api.sent('GET', REPORT_PATHS.batchDetails)[0].query).toEqual({ batchId: BATCH });
    expect(api.sent('GET', REPORT_PATHS.batchWeighings)[0].query).toEqual({ batchId: BATCH, lineId: 'L1', fromDateTime: STARTED, toDateTime: ENDED });

    expect(fact('recipe')).toHaveTextContent('GROWER · v2 · Grower');
    expect(fact('order')).toHaveTextContent('PO-1 · Grower week 48');
    expect(fact('orderStatus')).toHaveTextContent('Running · 8 batches');
    expect(fact('setpointKg')).toHaveTextContent('1,000');
    expect(fact('weighedKg')).toHaveTextContent('1,000.8');
    expect(fact('line')).toHaveTextContent('Line 1');
    expect(within(fact('status')).getByTestId('status-COMPLETE')).toHaveTextContent('Complete');
    expect(fact('duration')).toHaveTextContent('0:10:00');
    expect(fact('plannedKg')).toHaveTextContent('1,000.0');
    expect(fact('actualKg')).toHaveTextContent('1,001.2');
    expect(fact('createdBy')).toHaveTextContent('planner@plant.example');
    expect(fact('releasedBy')).toHaveTextContent(/super@plant\.example · Nov 23, 2026/);
    expect(screen.getByTestId('batch-control-recipe')).toHaveTextContent('GROWER · v2 · Grower');
    expect(screen.getByTestId('batch-control-steps')).toHaveTextContent('3 doses, 1 mixing step, 1 value');

    const [corn, soy] = rowsOf('report-doses-table');
    expect(cell(corn, 'material')).toHaveTextContent('CORN · Maize');
    expect(cell(corn, 'plannedKg')).toHaveTextContent('600.0');
    expect(cell(corn, 'actualKg')).toHaveTextContent('601.2');
    expect(within(cell(corn, 'flag')).getByTestId('flag-OK')).toHaveTextContent('OK');
    expect(cell(soy, 'deviationKg')).toHaveTextContent('3.5');
    expect(cell(soy, 'toleranceKg')).toHaveTextContent('2.0');
    expect(within(cell(soy, 'flag')).getByTestId('flag-OVER')).toHaveTextContent('Over');
    expect(cell(soy, 'lot')).toHaveTextContent('LOT-2');
    expect(screen.getByTestId('dose-totals-outOfTolerance')).toHaveTextContent('1');
    expect(screen.getByTestId('dose-totals-missing')).toHaveTextContent('1');
    const [premix] = rowsOf('report-missing-table');
    expect(cell(premix, 'material')).toHaveTextContent('PREMIX · Premix');
    expect(cell(premix, 'setpointKg')).toHaveTextContent('10.0');

    const [step] = rowsOf('report-steps-table');
    expect(cell(step, 'action')).toHaveTextContent('DRY_MIX · Dry mix');
    expect(cell(step, 'plannedS')).toHaveTextContent('0:01:00');
    expect(cell(step, 'actualS')).toHaveTextContent('0:01:05');
    const temp = screen.getByRole('img', { name: 'Mixer temperature (°C)' });
    expect(temp).toHaveAttribute('data-points', '4');
    expect(temp).toHaveAccessibleDescription(/4 readings over 0:09:05, lowest 40\.0, highest 63\.25; low limit 20\.0, high limit 60\.0\. It went past a limit\./);
    expect(screen.getByRole('img', { name: 'Mixer power (kW)' })).toBeInTheDocument();
    expect(cell(rowsOf('report-planned-table')[0], 'parameters')).toHaveTextContent('SPEED = 40 rpm');

    const [power, temperature, steam] = rowsOf('report-parameters-table');
    expect(cell(steam, 'exceeded')).toHaveTextContent('No limits');
    expect(cell(steam, 'parameter')).toHaveTextContent('STEAM_BAR');
    expect(within(cell(power, 'exceeded')).getByTestId('parameter-within')).toHaveTextContent('Within limits');
    expect(cell(power, 'excursion')).toHaveTextContent('—');
    expect(within(cell(temperature, 'exceeded')).getByTestId('parameter-exceeded')).toHaveTextContent('Exceeded');
    expect(cell(temperature, 'excursion')).toHaveTextContent('3.25');
    expect(cell(temperature, 'max')).toHaveTextContent('63.25');

    expect(cell(rowsOf('report-misc-table')[0], 'value')).toHaveTextContent('82');
    expect(screen.getByTestId('batch-alarms')).toHaveAttribute('href', `/reporting/batch/batchsummary/${BATCH}/alarms?lineId=L1`);
    expect(screen.getByTestId('back-to-summary')).toHaveAttribute('href', SUMMARY);
  });

  it('draws the doses as PDF over the batch, its line and its start to end', async () => {
    const api = fakeApi(routes());
    const user = userEvent.setup();
    show(BatchDetailsScreen, BASE, `${AT}?lineId=L1`);
    await screen.findByTestId('report-doses-table');
    await user.click(screen.getByRole('button', { name: `Export Batch ${BATCH} – Doses` }));
    await user.click(await screen.findByTestId('report-doses-export-pdf'));
    await waitFor(() => expect(saved.files).toHaveLength(1));
    const [pdf] = api.sent('POST', PDF);
    expect(pdf.query).toEqual({ batchId: BATCH, lineId: 'L1', fromDateTime: STARTED, toDateTime: ENDED });
    const body = pdf.body as { heading: string; data: string; matchKeys: string[] };
    expect(body).toMatchObject({ heading: `Batch ${BATCH} – Doses`, data: 'rows' });
    expect(body.matchKeys).toEqual(expect.arrayContaining<string>(['materialId', 'actualKg', 'flag']));
    expect(saved.files[0].name).toMatch(/^Batch_ML1-0042_Doses_.*\.pdf$/);
    expect(api.sent('GET', REPORT_PATHS.batchDetails)[0].query).toEqual({ batchId: BATCH, lineId: 'L1' });
  });

  it('prints the whole record as one PDF with the dose columns the screen shows', async () => {
    const api = fakeApi(routes());
    const user = userEvent.setup();
    show(BatchDetailsScreen, BASE, `${AT}?lineId=L1`);
    await user.click(await screen.findByTestId('batch-record-pdf'));
    await waitFor(() => expect(saved.files).toHaveLength(1));
    const [pdf] = api.sent('POST', RECORD_PDF);
    expect(pdf.query).toEqual({ batchId: BATCH, lineId: 'L1' });
    const body = pdf.body as { heading: string; headers: string[]; matchKeys: string[]; images: string[] };
    expect(body).toMatchObject({ heading: `Batch record ${BATCH}`, images: [] });
    expect(body.matchKeys).toEqual(expect.arrayContaining<string>(['materialId', 'setpointKg', 'actualKg']));
    expect(body.headers).toHaveLength(body.matchKeys.length);
    expect(saved.files[0].name).toMatch(/^Batch_record_ML1-0042_.*\.pdf$/);
  });

  it('shows the lots the batch used, without links for a report reader, who may not read lots', async () => {
    const api = fakeApi(routes({ [`GET /api/trace/batch/L1/${BATCH}`]: ok(BATCH_TRACE) }));
    show(BatchDetailsScreen, BASE, `${AT}?lineId=L1`);
    const section = await screen.findByTestId('lots-used');
    const table = await within(section).findByTestId('lots-used-table');
    expect(api.sent('GET', `/api/trace/batch/L1/${BATCH}`)).toHaveLength(1);
    expect(within(table).getByText('M-2211')).toBeInTheDocument();
    expect(within(table).queryByRole('link')).toBeNull();
    expect(table).toHaveTextContent('AGRI · Agri Trade');
    expect(within(section).getByTestId('unknown-kg')).toBeInTheDocument();
    expect(within(section).getByTestId('batch-trace-link')).toHaveAttribute('href', `/traceability/batch/L1/${BATCH}`);
  });

  it('says so when there is no such batch', async () => {
    fakeApi(routes({ [`GET ${REPORT_PATHS.batchDetails}`]: failed(404, 'Batch not found') }));
    show(BatchDetailsScreen, BASE, '/reporting/batch/batchdetails/ML1-9999');
    expect(await screen.findByTestId('batch-not-found')).toHaveTextContent('There is no batch ML1-9999.');
    expect(screen.queryByTestId('report-doses')).toBeNull();
    expect(screen.getByTestId('back-to-summary')).toBeInTheDocument();
  });

  it('shows the server’s message for a batch number two lines share', async () => {
    fakeApi(routes({ [`GET ${REPORT_PATHS.batchDetails}`]: failed(400, 'invalid', { lineId: 'Two lines have a batch of this number: choose the line.' }) }));
    show(BatchDetailsScreen, BASE, AT);
    expect(await screen.findByTestId('batch-error')).toHaveTextContent('Two lines have a batch of this number: choose the line.');
  });
});

describe('leaving batch details', () => {
  reportScreens('PRIVILEGE', ['REPORTS_READ']);
  afterEach(() => window.history.replaceState(null, '', '/'));
  const KEPT = '?lineId=L1&reportFilterType=ABORTED&page=2';

  /** The details in a browser router: leaving it moves the address as the app's router does. */
  function browse() {
    useLocale.getState().setCatalogues(catalogues());
    useLocale.getState().setLocale('en');
    localStorage.setItem(STORAGE.isStateAvailable, 'true');
    localStorage.setItem(STORAGE.stateValue, KEPT);
    window.history.replaceState(null, '', AT);
    const router = createBrowserRouter([
      { path: BASE, element: <BatchDetailsScreen /> },
      { path: '*', element: <LocationProbe /> },
    ]);
    render(
      <Providers env="test">
        <RouterProvider router={router} />
      </Providers>,
    );
    return router;
  }

  it('for the batch summary keeps the summary’s filters, and its link carries them', async () => {
    fakeApi(routes());
    const user = userEvent.setup();
    browse();
    const back = await screen.findByRole('link', { name: 'Back to batch summary' });
    expect(back).toHaveAttribute('href', `${SUMMARY}${KEPT}`);
    await user.click(back);
    expect(await screen.findByTestId('location')).toHaveTextContent(`${SUMMARY}${KEPT}`);
    expect(localStorage.getItem(STORAGE.isStateAvailable)).toBe('true');
    expect(localStorage.getItem(STORAGE.stateValue)).toBe(KEPT);
  });

  it('for the browser’s back to the summary keeps them too', async () => {
    fakeApi(routes());
    const router = browse();
    await screen.findByTestId('report-doses-table');
    await act(() => router.navigate(SUMMARY));
    expect(await screen.findByTestId('location')).toHaveTextContent(SUMMARY);
    expect(localStorage.getItem(STORAGE.stateValue)).toBe(KEPT);
  });

  it('for any other page forgets them', async () => {
    fakeApi(routes());
    const user = userEvent.setup();
    browse();
    await user.click(await screen.findByRole('link', { name: 'Alarms of this batch' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(`/reporting/batch/batchsummary/${BATCH}/alarms`);
    expect(localStorage.getItem(STORAGE.isStateAvailable)).toBeNull();
    expect(localStorage.getItem(STORAGE.stateValue)).toBeNull();
  });
});
