import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, type SentCall } from '@/test/fake-api';
import { REPORT_PATHS } from '../api/report-types';
import { FROM, TO } from '../testing/fixtures';
import { reportScreens } from '../testing/screen-setup';
import { show } from '../testing/show';
import { MATERIALS, SCALES, SET, spcChart } from '../testing/spc-fixtures';
import SpcConsumptionScreen from './spc-consumption-screen';

const BASE = '/consumption/consumptionstatistics/spcgraph';
const AT = `${BASE}?lineId=L1&fromDateTime=${FROM}&toDateTime=${TO}&materialId=CORN`;
const SETS = '/api/reports/spc/consumptionparameters';
const DAYS = [1210, 1195, 1204, 1190, 1650, 1201];

const routes = () => ({
  'GET /api/materialdirectory': ok(MATERIALS),
  'GET /api/scales': ok(SCALES),
  [`GET ${SETS}`]: ok([{ ...SET, _id: 'C1', name: 'Maize per day', subject: 'CONSUMPTION', live: false }]),
  [`POST ${SETS}`]: (call: SentCall) => ok({ ...(call.body as object), _id: 'C2' }),
  [`GET ${REPORT_PATHS.spcConsumption}`]: ok(
    spcChart({
      subject: 'CONSUMPTION',
      lsl: null,
      usl: null,
      capability: { cp: null, cpk: null, pp: null, ppk: null, mean: 1225, sigmaWithin: 12, sigmaOverall: 170, n: 6 },
      limits: { center: 1200, sigma: 10, ucl: 1230, lcl: 1170 },
      points: DAYS.map((value, index) => ({ index, batchId: null, at: `2026-11-${String(17 + index).padStart(2, '0')}T00:00:00Z`, seq: 0, value, dispersion: null, rules: index === 4 ? ['WE1'] : [] })),
    }),
  ),
});

describe('the consumption SPC graph', () => {
  reportScreens('ADMIN');

  it('charts a material’s kilograms per day with the same chart, marks the day that breaks a rule, and keeps its own sets', async () => {
    const api = fakeApi(routes());
    const user = userEvent.setup();
    show(SpcConsumptionScreen, BASE, AT);
    await screen.findByTestId('report-table');
    expect(api.sent('GET', REPORT_PATHS.spcConsumption).at(-1)?.query).toEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO, materialId: 'CORN', chart: 'IMR', rules: 'WE1,WE2,WE3,WE4' });
    expect(screen.getByRole('img', { name: 'Consumption of CORN · Maize per day (kg) – individuals' })).toHaveAttribute('data-marked', '1');
    expect(screen.getByTestId('spc-control-chart-summary')).toHaveTextContent('Point 5');
    expect(within(screen.getByTestId('spc-marked-table')).getByText('1,650.0')).toBeInTheDocument();
    expect(screen.getByTestId('spc-figures-cp')).toHaveTextContent('—');
    // No subject to choose, no live list: consumption sets are not judged live.
    expect(screen.queryByRole('combobox', { name: 'Subject' })).toBeNull();
    expect(screen.queryByTestId('spc-live')).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Saved set' }));
    expect(await screen.findByRole('option', { name: 'Maize per day' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('spc-set-new'));
    await user.type(await screen.findByLabelText(/^Name/), 'Maize weekly');
    expect(screen.queryByRole('switch')).toBeNull();
    await user.click(screen.getByTestId('spc-set-submit'));
    await waitFor(() => expect(api.sent('POST', SETS)).toHaveLength(1));
    expect(api.sent('POST', SETS)[0].body).toMatchObject({ lineId: 'L1', name: 'Maize weekly', subject: 'CONSUMPTION', materialCode: 'CORN', chart: 'IMR', live: false, rules: ['WE1', 'WE2', 'WE3', 'WE4'] });
    expect(api.sent('POST', '/api/reports/spc/parameters')).toHaveLength(0);
  });
});
