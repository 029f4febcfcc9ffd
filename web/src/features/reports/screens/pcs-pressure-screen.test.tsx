import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, type SentCall } from '@/test/fake-api';
import { REPORT_PATHS } from '../api/report-types';
import { FROM, TO } from '../testing/fixtures';
import { graph, MATERIAL_CODES } from '../testing/pcs-fixtures';
import { reportScreens } from '../testing/screen-setup';
import { searchOf, show } from '../testing/show';
import PcsPressureScreen from './pcs-pressure-screen';

const BASE = '/reporting/pcs/pressure';
const AT = `${BASE}?lineId=L1&fromDateTime=${FROM}&toDateTime=${TO}`;

const routes = () => ({
  [`GET ${REPORT_PATHS.pcsMaterialCodes}`]: ok(MATERIAL_CODES),
  [`GET ${REPORT_PATHS.pcsGraph}`]: (call: SentCall) => ok(graph(call.query.type)),
});

describe('PCS pressure chart', () => {
  reportScreens('PRIVILEGE', ['REPORTS_READ']);

  it('draws the pressure per sensor with its band and the bucket length, PRESSURE by default', async () => {
    const api = fakeApi(routes());
    show(PcsPressureScreen, BASE, AT);
    const sensor = await screen.findByTestId('pcs-sensor');
    expect(api.sent('GET', REPORT_PATHS.pcsGraph)[0].query).toEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO, type: 'PRESSURE' });
    expect(screen.getByTestId('pcs-graph-bucket')).toHaveTextContent('1 minute');
    expect(screen.getByTestId('pcs-graph-type')).toHaveTextContent('Pressure');
    const chart = within(sensor).getByRole('img', { name: 'Pressure of PCS-1 · Line 1 (bar)' });
    expect(chart).toHaveAttribute('data-points', '20');
    expect(document.getElementById(chart.getAttribute('aria-describedby')!)).toHaveTextContent('20 buckets of 1 minute; mean 2.51 bar, lowest 2.3 bar, highest 2.72 bar. The table');
    expect(within(sensor).getByText('Lowest (bar)')).toBeInTheDocument();
    expect(within(sensor).queryByText('Setpoint (bar)')).toBeNull();
    const [row] = within(screen.getByTestId('pcs-sensors-table')).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));
    expect(row.querySelector('[data-col="buckets"]')).toHaveTextContent('20');
    expect(row.querySelector('[data-col="maxBar"]')).toHaveTextContent('2.72');
    expect(screen.queryByRole('columnheader', { name: 'Setpoint (bar)' })).toBeNull();
  });

  it('switches to the pressure and its setpoint (BOTH), and narrows to a material code', async () => {
    const api = fakeApi(routes());
    const user = userEvent.setup();
    show(PcsPressureScreen, BASE, AT);
    await screen.findByTestId('pcs-sensor');
    expect(screen.getByRole('radiogroup', { name: 'Chart' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Pressure and setpoint' }));
    await waitFor(() => expect(api.sent('GET', REPORT_PATHS.pcsGraph).at(-1)?.query.type).toBe('BOTH'));
    expect(searchOf(screen.getByTestId('location')).get('type')).toBe('BOTH');
    await waitFor(() => expect(within(screen.getByTestId('pcs-sensor')).getByText('Setpoint (bar)')).toBeInTheDocument());
    expect(screen.getByRole('columnheader', { name: 'Setpoint (bar)' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Material code' }));
    await user.click(await screen.findByRole('option', { name: 'GROWER' }));
    await waitFor(() => expect(api.sent('GET', REPORT_PATHS.pcsGraph).at(-1)?.query).toMatchObject({ type: 'BOTH', materialCode: 'GROWER' }));

    await user.click(screen.getByRole('radio', { name: 'Pressure' }));
    await waitFor(() => expect(api.sent('GET', REPORT_PATHS.pcsGraph).at(-1)?.query.type).toBe('PRESSURE'));
    expect(searchOf(screen.getByTestId('location')).get('type')).toBeNull();
  });
});
