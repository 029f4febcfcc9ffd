import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, type SentCall } from '@/test/fake-api';
import { REPORT_PATHS } from '../api/report-types';
import { FROM, TO } from '../testing/fixtures';
import { binHistory, LEVELS } from '../testing/others-fixtures';
import { reportScreens } from '../testing/screen-setup';
import { searchOf, show } from '../testing/show';
import BinHistoryScreen from './bin-history-screen';

const BASE = '/reporting/others/binHistory';
const RANGE = `fromDateTime=${FROM}&toDateTime=${TO}`;
const BINS = [
  { _id: 'B1', lineId: 'L1', code: 'BIN-01', name: 'Bin 1', scaleId: 'S1', capacityKg: 20000 },
  { _id: 'B30', lineId: 'L1', code: 'BIN-30', name: 'Bin 30', scaleId: 'S2', capacityKg: 500 },
];

const routes = () => ({
  'GET /api/shifts': ok([]),
  'GET /api/bins': ok(BINS),
  [`GET ${REPORT_PATHS.bins}`]: (call: SentCall) => ok(binHistory(call.query.binId ? { levels: LEVELS, bins: binHistory().bins.slice(0, 1) } : {})),
  [`POST ${REPORT_PATHS.bins}/generatePdf`]: { raw: '%PDF-1.7', type: 'application/pdf' },
});

const bodyRows = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));
const cell = (row: HTMLElement, col: string) => row.querySelector(`[data-col="${col}"]`);

describe('bin history', () => {
  reportScreens('PRIVILEGE', ['REPORTS_READ']);

  it('flags a bin that does not add up and one above its capacity, in words above the table and on the row', async () => {
    const [good, premix] = binHistory().bins;
    const off = { ...premix, openingKg: 400, closingKg: 900, netKg: -120, expectedClosingKg: 280, discrepancyKg: 620, peakKg: 900, reconciled: false, overCapacity: true };
    fakeApi({ ...routes(), [`GET ${REPORT_PATHS.bins}`]: ok(binHistory({ bins: [good, off] })) });
    show(BinHistoryScreen, BASE, `${BASE}?lineId=L1&${RANGE}`);
    const checks = await screen.findByTestId('bin-checks');
    expect(checks).toHaveTextContent('Some bins do not add up');
    expect(checks).toHaveTextContent('Line 1 · BIN-30: opening 400.0 kg + movements -120.0 kg = 280.0 kg, but the closing level is 900.0 kg (620.0 kg unaccounted)');
    expect(checks).toHaveTextContent('Line 1 · BIN-30: level of 900.0 kg above its capacity of 500.0 kg');
    expect(checks).not.toHaveTextContent('BIN-01');
    expect(screen.getByTestId('bin-unreconciled-BIN-30')).toHaveTextContent('620.0 · does not add up');
    expect(screen.getByTestId('bin-over-BIN-30')).toHaveTextContent('500.0 · above capacity');
    expect(screen.queryByTestId('bin-unreconciled-BIN-01')).toBeNull();
  });

  it('shows every bin and their movements, and asks for a bin for the level chart', async () => {
    const api = fakeApi(routes());
    show(BinHistoryScreen, BASE, `${BASE}?lineId=L1&${RANGE}`);
    await screen.findByTestId('report-movements-table');
    expect(screen.getByTestId('bin-level-idle')).toHaveTextContent('Choose a bin to see its level over the range.');
    const [bin1, bin30] = bodyRows('report-bins-table');
    expect(cell(bin1, 'bin')).toHaveTextContent('BIN-01 · Bin 1');
    expect(cell(bin1, 'openingKg')).toHaveTextContent('4,000.0');
    expect(cell(bin1, 'filledKg')).toHaveTextContent('18,000.0');
    expect(cell(bin1, 'dosedKg')).toHaveTextContent('7,200.5');
    expect(cell(bin1, 'closingKg')).toHaveTextContent('14,799.5');
    expect(cell(bin1, 'changes')).toHaveTextContent('1');
    expect(cell(bin1, 'materials')).toHaveTextContent('CORN, SOY');
    expect(cell(bin30, 'fills')).toHaveTextContent('0');
    // Both add up: nothing flagged.
    expect(screen.queryByTestId('bin-checks')).toBeNull();
    expect(cell(bin1, 'discrepancyKg')).toHaveTextContent('0.0');

    const [fill, dose] = bodyRows('report-movements-table');
    expect(cell(fill, 'kind')).toHaveTextContent('Fill');
    expect(cell(fill, 'material')).toHaveTextContent('Maize');
    expect(cell(fill, 'lot')).toHaveTextContent('L-42');
    expect(cell(dose, 'kind')).toHaveTextContent('Dose');
    expect(cell(dose, 'material')).toHaveTextContent('PREMIX');
    expect(cell(dose, 'deltaKg')).toHaveTextContent('-10.1');
    // One line chosen: the movements need no line column.
    expect(screen.queryByRole('columnheader', { name: 'Line' })).not.toBeNull();
    expect(within(screen.getByTestId('report-movements-table')).queryByRole('columnheader', { name: 'Line' })).toBeNull();

    const calls = api.sent('GET', REPORT_PATHS.bins).map((c) => c.query);
    expect(calls).toContainEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO, page: '1', limit: '1' });
    expect(calls).toContainEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO, page: '1', limit: '50' });
    expect(api.sent('GET', '/api/bins')[0].query).toEqual({ lineId: 'L1' });
  });

  it('charts the level of the bin chosen, with its lowest and highest as a band', async () => {
    const api = fakeApi(routes());
    const user = userEvent.setup();
    show(BinHistoryScreen, BASE, `${BASE}?${RANGE}`);
    await screen.findByTestId('report-movements-table');
    // Over every line the movements say which line they are of.
    expect(within(screen.getByTestId('report-movements-table')).getByRole('columnheader', { name: 'Line' })).toBeInTheDocument();
    expect(cell(bodyRows('report-movements-table')[0], 'line')).toHaveTextContent('Line 1');

    await user.click(screen.getByRole('combobox', { name: 'Bin' }));
    await user.click(await screen.findByRole('option', { name: 'BIN-01 · Bin 1' }));
    await waitFor(() => expect(searchOf(screen.getByTestId('location')).get('binId')).toBe('BIN-01'));
    const chart = await screen.findByRole('img', { name: 'Level of BIN-01 (kg)' });
    expect(chart).toHaveAttribute('data-points', '3');
    expect(chart).toHaveAccessibleDescription(/from 4,000\.0 kg to 21,000\.0 kg, lowest 2,900\.0 kg, highest 21,000\.0 kg/);
    expect(api.sent('GET', REPORT_PATHS.bins).at(-1)?.query.binId).toBe('BIN-01');
  });

  it('narrows the movements to one kind without asking the bins again, and prints each list as its own PDF', async () => {
    const api = fakeApi(routes());
    const user = userEvent.setup();
    show(BinHistoryScreen, BASE, `${BASE}?lineId=L1&${RANGE}`);
    await screen.findByTestId('report-movements-table');
    await user.click(screen.getByRole('combobox', { name: 'Movement' }));
    await user.click(await screen.findByRole('option', { name: 'Fill' }));
    await waitFor(() => expect(api.sent('GET', REPORT_PATHS.bins).some((c) => c.query.kind === 'FILL')).toBe(true));
    expect(api.sent('GET', REPORT_PATHS.bins).filter((c) => c.query.limit === '1').every((c) => c.query.kind === undefined)).toBe(true);

    await screen.findByTestId('report-movements-table');
    await user.click(screen.getByRole('button', { name: 'Export Bin History – Movements' }));
    await user.click(await screen.findByTestId('report-movements-export-pdf'));
    await user.click(screen.getByRole('button', { name: 'Export Bin History – Bins' }));
    await user.click(await screen.findByTestId('report-bins-export-pdf'));
    await waitFor(() => expect(api.sent('POST', `${REPORT_PATHS.bins}/generatePdf`)).toHaveLength(2));
    const [movements, bins] = api.sent('POST', `${REPORT_PATHS.bins}/generatePdf`);
    expect(movements.query).toMatchObject({ lineId: 'L1', kind: 'FILL' });
    expect(movements.body).toMatchObject({ heading: 'Bin History – Movements', data: 'movements', matchKeys: ['time', 'binId', 'materialName', 'lot', 'kind', 'deltaKg', 'levelKg'] });
    expect(bins.body).toMatchObject({ data: 'bins' });
  });

  it('says so when no bin moved', async () => {
    fakeApi({ ...routes(), [`GET ${REPORT_PATHS.bins}`]: ok(binHistory({ bins: [], movements: [], total: 0 })) });
    show(BinHistoryScreen, BASE, `${BASE}?lineId=L1&${RANGE}`);
    expect(await screen.findByTestId('report-movements-table-empty')).toHaveTextContent('No bin movements in this range.');
    expect(screen.getByTestId('report-bins-table-empty')).toHaveTextContent('No bins in this range.');
  });
});
