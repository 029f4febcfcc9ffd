import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE } from '@/lib/storage-keys';
import { fakeApi, ok, type SentCall } from '@/test/fake-api';
import { LocationProbe, renderAt } from '@/test/render';
import { REPORT_PATHS } from '../api/report-types';
import { REPORT_PARAMETERS, summary } from '../testing/batch-fixtures';
import { FROM, TO } from '../testing/fixtures';
import { reportScreens } from '../testing/screen-setup';
import { searchOf, show } from '../testing/show';
import BatchSummaryScreen from './batch-summary-screen';

const BASE = '/reporting/batch/batchsummary';
const RANGE = `fromDateTime=${FROM}&toDateTime=${TO}`;
const AT = `${BASE}?lineId=L1&${RANGE}`;

const routes = (total = 3) => ({
  'GET /api/getallrecipebylineandtime': ok([]),
  'GET /api/productionschedulelist': ok([]),
  'GET /api/reportparameters': ok(REPORT_PARAMETERS),
  [`GET ${REPORT_PATHS.batchSummary}`]: (call: SentCall) => ok(summary(Number(call.query.page), Number(call.query.limit), total, call.query.reportFilterType)),
});

const bodyRows = () => within(screen.getByTestId('report-table')).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));
const cell = (row: HTMLElement, col: string) => row.querySelector(`[data-col="${col}"]`) as HTMLElement;
const lastQuery = (api: ReturnType<typeof fakeApi>) => api.sent('GET', REPORT_PATHS.batchSummary).at(-1)?.query;
const where = () => searchOf(screen.getByTestId('location'));

async function choose(label: string, option: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('batch summary', () => {
  reportScreens('PRIVILEGE', ['REPORTS_READ']);

  it('lists the batches a page at a time, each linking to its details and alarms, flags shown in words', async () => {
    const api = fakeApi(routes());
    show(BatchSummaryScreen, BASE, AT);
    await screen.findByTestId('report-table');
    expect(lastQuery(api)).toEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO, page: '1', limit: '50' });
    const [first, second, third] = bodyRows();
    expect(within(cell(first, 'batchId')).getByRole('link', { name: 'Details of batch ML1-0003' })).toHaveAttribute('href', '/reporting/batch/batchdetails/ML1-0003?lineId=L1');
    expect(cell(first, 'recipe')).toHaveTextContent('GROWER · v2 · Grower');
    expect(cell(first, 'durationS')).toHaveTextContent('0:09:00');
    expect(cell(first, 'actualKg')).toHaveTextContent('1,001.5');
    expect(within(cell(first, 'status')).getByTestId('status-COMPLETE')).toHaveTextContent('Complete');
    expect(within(cell(second, 'outOfTolerance')).getByTestId('warned')).toHaveTextContent('1');
    expect(within(cell(second, 'exceeded')).getByTestId('exceeded-code')).toHaveTextContent('MIXER_TEMP_C');
    expect(within(cell(second, 'alarms')).getByRole('link', { name: 'Alarms of batch ML1-0002: 2' })).toHaveAttribute('href', '/reporting/batch/batchsummary/ML1-0002/alarms?lineId=L1');
    expect(within(cell(third, 'status')).getByTestId('status-ABORTED')).toHaveTextContent('Aborted');
    expect(screen.getByRole('img', { name: 'Weighed per batch (kg)' })).toHaveAttribute('data-points', '3');
  });

  it('asks for the kind of batches chosen, and for the report parameters chosen when past their limits', async () => {
    const api = fakeApi(routes());
    show(BatchSummaryScreen, BASE, `${AT}&page=1`);
    await screen.findByTestId('report-table');
    expect(screen.queryByRole('combobox', { name: 'Report parameters' })).toBeNull();

    await choose('Batches', 'Out of tolerance');
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ reportFilterType: 'OUT_OF_TOLERANCE', page: '1' }));
    expect(where().get('reportFilterType')).toBe('OUT_OF_TOLERANCE');
    expect(where().get('page')).toBeNull();

    await choose('Batches', 'Past parameter limits');
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ reportFilterType: 'EXCEEDED_PARAMETERS' }));
    expect(lastQuery(api)?.exceededParameters).toBeUndefined();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Report parameters' }));
    await user.click(await screen.findByRole('option', { name: 'MIXER_TEMP_C · Mixer temperature' }));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ reportFilterType: 'EXCEEDED_PARAMETERS', exceededParameters: 'MIXER_TEMP_C' }));
    await user.click(screen.getByRole('option', { name: 'MIXER_POWER_KW · Mixer power' }));
    await waitFor(() => expect(lastQuery(api)?.exceededParameters).toBe('MIXER_TEMP_C,MIXER_POWER_KW'));
    expect(api.sent('GET', '/api/reportparameters')[0].query).toEqual({ lineId: 'L1' });

    await user.keyboard('{Escape}');
    await choose('Batches', 'Every batch');
    await waitFor(() => expect(where().get('reportFilterType')).toBeNull());
    // Every batch again: the first answer (cached) is shown, neither kind nor parameters in the address.
    expect(where().get('exceededParameters')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Report parameters' })).toBeNull();
  });

  it('pages on the server and shows as many rows a page as chosen', async () => {
    const api = fakeApi(routes(120));
    const user = userEvent.setup();
    show(BatchSummaryScreen, BASE, AT);
    await screen.findByTestId('report-table');
    expect(bodyRows()).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(lastQuery(api)).toMatchObject({ page: '3', limit: '50' });
    expect(where().get('page')).toBe('3');

    await choose('Rows per page', '25');
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ page: '1', limit: '25' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    expect(where().get('limit')).toBe('25');
    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(lastQuery(api)).toMatchObject({ page: '5', limit: '25' });
  });

  it('keeps its filters and page when a batch is opened', async () => {
    fakeApi(routes(120));
    const user = userEvent.setup();
    const state = `?lineId=L1&${RANGE}&reportFilterType=ABORTED&page=2`;
    renderAt(`${BASE}${state}`, [
      { path: BASE, element: <BatchSummaryScreen /> },
      { path: '/reporting/batch/batchdetails/:id', element: <LocationProbe /> },
    ]);
    await screen.findByTestId('report-table');
    await user.click(within(bodyRows()[0]).getByRole('link', { name: 'Details of batch ML1-0070' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/reporting/batch/batchdetails/ML1-0070?lineId=L1');
    expect(localStorage.getItem(STORAGE.isStateAvailable)).toBe('true');
    expect(localStorage.getItem(STORAGE.stateValue)).toBe(state);
  });

  it('opened without filters, restores the kept ones', async () => {
    const api = fakeApi(routes(120));
    const state = `?lineId=L1&${RANGE}&reportFilterType=ABORTED&page=2`;
    localStorage.setItem(STORAGE.isStateAvailable, 'true');
    localStorage.setItem(STORAGE.stateValue, state);
    show(BatchSummaryScreen, BASE);
    await screen.findByTestId('report-table');
    expect(screen.getByTestId('location')).toHaveTextContent(`${BASE}${state}`);
    expect(lastQuery(api)).toMatchObject({ reportFilterType: 'ABORTED', page: '2', lineId: 'L1' });
    expect(screen.getByRole('combobox', { name: 'Batches' })).toHaveValue('Aborted');
  });

  it('opened with filters of its own, ignores the kept ones', async () => {
    const api = fakeApi(routes());
    localStorage.setItem(STORAGE.isStateAvailable, 'true');
    localStorage.setItem(STORAGE.stateValue, `?lineId=L2&${RANGE}&page=2`);
    show(BatchSummaryScreen, BASE, AT);
    await screen.findByTestId('report-table');
    expect(lastQuery(api)).toMatchObject({ lineId: 'L1', page: '1' });
  });
});
