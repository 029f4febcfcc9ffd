import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, type SentCall } from '@/test/fake-api';
import { REPORT_PATHS } from '../api/report-types';
import { FROM, TO } from '../testing/fixtures';
import { MATERIAL_CODES, pressure, pressurePage } from '../testing/pcs-fixtures';
import { reportScreens } from '../testing/screen-setup';
import { searchOf, show } from '../testing/show';
import PcsReportScreen from './pcs-report-screen';

const BASE = '/reporting/pcs/report';
const AT = `${BASE}?lineId=L1&fromDateTime=${FROM}&toDateTime=${TO}`;

const routes = (total = 3) => ({
  [`GET ${REPORT_PATHS.pcsMaterialCodes}`]: ok(MATERIAL_CODES),
  [`GET ${REPORT_PATHS.pcsPressure}`]: (call: SentCall) => ok(pressure(Number(call.query.bandPct))),
  [`GET ${REPORT_PATHS.pcsReport}`]: (call: SentCall) => ok(pressurePage(Number(call.query.page), Number(call.query.limit), total, Number(call.query.bandPct))),
});

const rowsOf = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));
const cell = (row: HTMLElement, col: string) => row.querySelector(`[data-col="${col}"]`);

describe('PCS report', () => {
  reportScreens('PRIVILEGE', ['REPORTS_READ']);

  it('shows the pressure per material and sensor, then per batch, with the band of 5 % by default', async () => {
    const api = fakeApi(routes());
    show(PcsReportScreen, BASE, AT);
    await screen.findByTestId('report-batches-table');
    expect(api.sent('GET', REPORT_PATHS.pcsPressure)[0].query).toEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO, bandPct: '5' });
    expect(api.sent('GET', REPORT_PATHS.pcsReport)[0].query).toEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO, bandPct: '5', page: '1', limit: '50' });
    const [grower] = rowsOf('report-pressure-table');
    expect(cell(grower, 'material')).toHaveTextContent('GROWER');
    expect(cell(grower, 'sensor')).toHaveTextContent('PCS-1');
    expect(cell(grower, 'meanBar')).toHaveTextContent('2.51');
    expect(cell(grower, 'stddevBar')).toHaveTextContent('0.08');
    expect(cell(grower, 'deviationBar')).toHaveTextContent('+0.01');
    expect(cell(grower, 'withinBandPct')).toHaveTextContent('87.5%');
    expect(screen.getByRole('img', { name: 'Readings within the band per material and sensor (%)' })).toHaveAttribute('data-points', '2');
    const [batch] = rowsOf('report-batches-table');
    expect(cell(batch, 'batch')).toHaveTextContent('ML1-0003');
    expect(cell(batch, 'readings')).toHaveTextContent('600');
    expect(screen.getByRole('link', { name: 'Pressure alarms' })).toHaveAttribute('href', `/reporting/pcs/report/alarms?lineId=L1&fromDateTime=${encodeURIComponent(FROM)}&toDateTime=${encodeURIComponent(TO)}`);
  });

  it('narrows to a material code and sensor, pages the batches and sends the band typed', async () => {
    const api = fakeApi(routes(75));
    const user = userEvent.setup();
    show(PcsReportScreen, BASE, AT);
    await screen.findByTestId('report-batches-table');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.sent('GET', REPORT_PATHS.pcsReport).at(-1)?.query.page).toBe('2'));
    expect(searchOf(screen.getByTestId('location')).get('batches.page')).toBe('2');

    await user.click(screen.getByRole('combobox', { name: 'Material code' }));
    await user.click(await screen.findByRole('option', { name: 'STARTER' }));
    await waitFor(() => expect(api.sent('GET', REPORT_PATHS.pcsReport).at(-1)?.query).toMatchObject({ materialCode: 'STARTER', page: '1' }));
    await user.click(screen.getByRole('combobox', { name: 'Sensor' }));
    await user.click(await screen.findByRole('option', { name: 'PCS-2' }));
    await waitFor(() => expect(api.sent('GET', REPORT_PATHS.pcsPressure).at(-1)?.query).toMatchObject({ materialCode: 'STARTER', sensor: 'PCS-2' }));

    const band = screen.getByRole('textbox', { name: 'Band (% of setpoint)' });
    await user.clear(band);
    await user.type(band, '2.5');
    fireEvent.blur(band);
    await waitFor(() => expect(api.sent('GET', REPORT_PATHS.pcsPressure).at(-1)?.query.bandPct).toBe('2.5'));
    expect(api.sent('GET', REPORT_PATHS.pcsReport).at(-1)?.query.bandPct).toBe('2.5');
    expect(searchOf(screen.getByTestId('location')).get('bandPct')).toBe('2.5');
  });
});
