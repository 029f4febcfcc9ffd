import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REPORT_PATHS } from '../api/report-types';
import { fakeApi, ok } from '@/test/fake-api';
import { charges, FROM, TO } from '../testing/fixtures';
import { reportScreens } from '../testing/screen-setup';
import { searchOf, show } from '../testing/show';
import ConsumptionByBatchesScreen from './consumption-by-batches-screen';

const BASE = '/reporting/consumption/bybatches';
const AT = `${BASE}?lineId=L1&fromDateTime=${FROM}&toDateTime=${TO}`;

const routes = () => ({
  'GET /api/shifts': ok([]),
  'GET /api/getallrecipebylineandtime': ok([]),
  'GET /api/productionschedulelist': ok([]),
  [`GET ${REPORT_PATHS.charges}`]: (call: { query: Record<string, string> }) => ok(charges(Number(call.query.page), Number(call.query.limit), 120)),
});

const bodyRows = () => within(screen.getByTestId('report-table')).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));

describe('consumption by batches', () => {
  const saved = reportScreens();

  it('pages on the server, with totals over every page', async () => {
    const api = fakeApi(routes());
    const user = userEvent.setup();
    show(ConsumptionByBatchesScreen, BASE, AT);
    await screen.findByTestId('report-table');
    expect(api.sent('GET', REPORT_PATHS.charges)[0].query).toEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO, page: '1', limit: '50' });
    expect(bodyRows()).toHaveLength(50);
    expect(bodyRows()[0]).toHaveTextContent('ML1-0120');
    expect(bodyRows()[0]).toHaveTextContent('GROWER · v2 · Grower');
    expect(bodyRows()[0].querySelector('[data-col="status"]')).toHaveTextContent('Complete');
    const totals = screen.getByTestId('report-table-totals');
    expect(totals.querySelector('[data-col="actualKg"]')).toHaveTextContent('120,180.0');
    expect(totals.querySelector('[data-col="targetKg"]')).toHaveTextContent('120,000.0');
    // The server orders the batches: the headings do not sort one page.
    expect(screen.getByRole('columnheader', { name: 'Batch' })).not.toHaveAttribute('aria-sort');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
    expect(api.sent('GET', REPORT_PATHS.charges).at(-1)?.query.page).toBe('3');
    expect(searchOf(screen.getByTestId('location')).get('page')).toBe('3');
    expect(screen.getByRole('img', { name: 'Weighed per batch (kg)' })).toHaveAttribute('data-points', '20');
  });

  it('opens a batch to its weighings', async () => {
    fakeApi(routes());
    const user = userEvent.setup();
    show(ConsumptionByBatchesScreen, BASE, AT);
    await screen.findByTestId('report-table');
    const toggle = screen.getByRole('button', { name: 'Weighings of batch ML1-0120' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const weighings = screen.getByRole('table', { name: 'Weighings of batch ML1-0120' });
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(weighings);
    const rows = within(weighings).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('[data-col="material"]')?.textContent)).toEqual(['Maize, yellow', 'Soja "HP"', 'PREMIX']);
    expect(rows.map((r) => r.querySelector('[data-col="scale"]')?.textContent)).toEqual(['Major', 'Major', 'Micro']);
    expect(rows.map((r) => r.querySelector('[data-col="bin"]')?.textContent)).toEqual(['Bin 1', 'Bin 2', 'BIN-30']);
    expect(rows[0].querySelector('[data-col="deviationKg"]')).toHaveTextContent('1.0');
    expect(rows[2].querySelector('[data-col="inTolerance"]')).toHaveTextContent('No');
    await user.click(toggle);
    expect(screen.queryByRole('table', { name: 'Weighings of batch ML1-0120' })).toBeNull();
  });

  it('fetches every page for the CSV export', async () => {
    const api = fakeApi(routes());
    const user = userEvent.setup();
    show(ConsumptionByBatchesScreen, BASE, AT);
    await screen.findByTestId('report-table');
    await user.click(screen.getByRole('button', { name: 'Export Consumption by Batches' }));
    await user.click(await screen.findByTestId('report-export-csv'));
    await waitFor(() => expect(saved.files).toHaveLength(1));
    const all = api.sent('GET', REPORT_PATHS.charges).filter((c) => c.query.limit === '1000');
    expect(all.map((c) => c.query)).toEqual([{ lineId: 'L1', fromDateTime: FROM, toDateTime: TO, page: '1', limit: '1000' }]);
    const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await saved.files[0].blob.arrayBuffer()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 120 + 1);
    expect(lines[0]).toBe('\uFEFFBatch,Line,Recipe,Order,Started,Ended,Status,Batch size (kg),Setpoint (kg),Actual (kg),Deviation (kg),Doses,Out of tolerance');
    expect(lines[1]).toBe('ML1-0120,Line 1,GROWER · v2 · Grower,PO-1,2026-11-23T07:00:00.000Z,2026-11-23T07:10:00.000Z,Complete,1000,1000,1001.5,1.5,3,0');
    expect(lines.at(-1)).toBe('Total,,,,,,,120000,120000,120180,180,360,0');
  });
});
