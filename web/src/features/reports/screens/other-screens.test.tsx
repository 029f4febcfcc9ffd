import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REPORT_PATHS } from '../api/report-types';
import { fakeApi, ok } from '@/test/fake-api';
import { FROM, MATERIALS, report, row, TO } from '../testing/fixtures';
import { reportScreens } from '../testing/screen-setup';
import { searchOf, show } from '../testing/show';
import ConsumptionByMaterialScreen from './consumption-by-material-screen';
import ConsumptionStatisticsScreen from './consumption-statistics-screen';
import ProductionByRecipeScreen from './production-by-recipe-screen';
import ProductionByTimeScreen from './production-by-time-screen';

const RANGE = `fromDateTime=${FROM}&toDateTime=${TO}`;
const PICKERS = { 'GET /api/shifts': ok([]), 'GET /api/getallrecipebylineandtime': ok([]), 'GET /api/productionschedulelist': ok([]) };

describe('the other report screens', () => {
  reportScreens();

  it('production by recipe says so when nothing was produced', async () => {
    const api = fakeApi({ ...PICKERS, [`GET ${REPORT_PATHS.byRecipe}`]: ok(report([], 'recipe')) });
    show(ProductionByRecipeScreen, '/reporting/production/byrecipe', `/reporting/production/byrecipe?${RANGE}&shiftId=S1`);
    expect(await screen.findByTestId('report-table-empty')).toHaveTextContent('No production in this range.');
    expect(api.sent('GET', REPORT_PATHS.byRecipe)[0].query).toEqual({ fromDateTime: FROM, toDateTime: TO, shiftId: 'S1' });
    expect(screen.queryByTestId('filter-recipe')).toBeNull();
  });

  it('production by time changes its bucket in the address', async () => {
    const day = report([row('2026-11-23T00:00:00', '2026-11-23T00:00:00', 5000, { from: FROM, to: TO })], 'day');
    const hours = report([row('2026-11-23T06:00:00+01:00', '2026-11-23T06:00:00+01:00', 900, { from: FROM })], 'hour');
    const api = fakeApi({ ...PICKERS, [`GET ${REPORT_PATHS.byTime}`]: (call) => ok(call.query.bucket === 'hour' ? hours : day) });
    const user = userEvent.setup();
    show(ProductionByTimeScreen, '/reporting/production/bytime', `/reporting/production/bytime?${RANGE}`);
    await screen.findByTestId('report-table');
    expect(api.sent('GET', REPORT_PATHS.byTime)[0].query.bucket).toBe('day');
    await user.click(screen.getByRole('combobox', { name: 'Per' }));
    await user.click(await screen.findByRole('option', { name: 'Hour' }));
    await waitFor(() => expect(searchOf(screen.getByTestId('location')).get('bucket')).toBe('hour'));
    // The line's own wall time, whatever the browser's zone.
    await waitFor(() => expect(screen.getByTestId('report-table')).toHaveTextContent('Nov 23, 2026, 06:00'));
  });

  it('consumption statistics shows the deviation figures and charts the deviation', async () => {
    fakeApi({ ...PICKERS, [`GET ${REPORT_PATHS.stats}`]: ok(MATERIALS) });
    show(ConsumptionStatisticsScreen, '/reporting/consumption/consumptionstatistics', `/reporting/consumption/consumptionstatistics?${RANGE}`);
    await screen.findByTestId('report-table');
    for (const h of ['Out of tolerance (%)', 'Mean per dose (kg)', 'Standard deviation (kg)']) expect(screen.getByRole('columnheader', { name: new RegExp(h.replace(/[()]/g, '\\$&')) })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Deviation per material (%)' })).toBeInTheDocument();
  });

  it('consumption by material asks for a material first, offering those weighed, then shows it per day', async () => {
    const perDay = report([row('2026-11-23T00:00:00', '2026-11-23T00:00:00', 1200.456)], 'day');
    const api = fakeApi({ ...PICKERS, [`GET ${REPORT_PATHS.grouped}`]: (call) => ok(call.query.materialId ? perDay : MATERIALS) });
    const user = userEvent.setup();
    show(ConsumptionByMaterialScreen, '/reporting/consumption/bymaterial', `/reporting/consumption/bymaterial?${RANGE}`);
    expect(await screen.findByTestId('report-idle')).toHaveTextContent('Choose a material to see its consumption over time.');
    await user.click(screen.getByRole('combobox', { name: 'Material' }));
    await user.click(await screen.findByRole('option', { name: 'CORN · Maize, yellow' }));
    await screen.findByTestId('report-table');
    expect(api.sent('GET', REPORT_PATHS.grouped).at(-1)?.query).toEqual({ fromDateTime: FROM, toDateTime: TO, groupBy: 'day', materialId: 'CORN' });
    expect(screen.getByRole('heading', { level: 2, name: 'CORN' })).toBeInTheDocument();
  });

  it('consumption by material takes its material from the drill-down route', async () => {
    const api = fakeApi({ ...PICKERS, [`GET ${REPORT_PATHS.grouped}`]: ok(MATERIALS) });
    const path = `/reporting/consumption/bymaterial/L1/SOY/${encodeURIComponent(FROM)}/${encodeURIComponent(TO)}`;
    show(ConsumptionByMaterialScreen, '/reporting/consumption/bymaterial/:lineid/:id/:fromdatetime/:todatetime', path);
    await screen.findByTestId('report-table');
    expect(api.sent('GET', REPORT_PATHS.grouped).map((c) => c.query)).toContainEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO, groupBy: 'day', materialId: 'SOY' });
    expect(screen.getByRole('combobox', { name: 'Material' })).toHaveValue('SOY · Soja "HP"');
  });
});
