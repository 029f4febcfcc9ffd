import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REPORT_PATHS } from '../api/report-types';
import { fakeApi, ok } from '@/test/fake-api';
import { CATEGORIES, FROM, TO } from '../testing/fixtures';
import { reportScreens } from '../testing/screen-setup';
import { show } from '../testing/show';
import ConsumptionByMaterialCategoryScreen from './consumption-by-material-category-screen';

const BASE = '/reporting/consumption/bymaterialcategory';

describe('consumption by material category', () => {
  reportScreens();

  it('lists categories that open to their materials and lead to their materials’ report', async () => {
    const api = fakeApi({
      'GET /api/shifts': ok([]),
      'GET /api/getallrecipebylineandtime': ok([]),
      'GET /api/productionschedulelist': ok([]),
      [`GET ${REPORT_PATHS.categories}`]: ok(CATEGORIES),
      [`POST ${REPORT_PATHS.categories}/generatePdf`]: { raw: '%PDF', type: 'application/pdf' },
    });
    const user = userEvent.setup();
    show(ConsumptionByMaterialCategoryScreen, BASE, `${BASE}?fromDateTime=${FROM}&toDateTime=${TO}&shiftId=S1`);
    await screen.findByTestId('report-table');
    expect(api.sent('GET', REPORT_PATHS.categories)[0].query).toEqual({ fromDateTime: FROM, toDateTime: TO, shiftId: 'S1' });
    expect(screen.getByRole('link', { name: 'Grains' })).toHaveAttribute(
      'href',
      `/reporting/consumption/bymaterials/ALL/GRAIN/${encodeURIComponent(FROM)}/${encodeURIComponent(TO)}?shiftId=S1`,
    );
    await user.click(screen.getByRole('button', { name: 'Materials of Grains' }));
    const materials = screen.getByRole('table', { name: 'Materials of Grains' });
    expect(within(materials).getAllByRole('row').slice(1).map((r) => r.querySelector('[data-col="name"]')?.textContent)).toEqual(['Maize, yellow', 'Soja "HP"']);
    expect(screen.getByRole('img', { name: 'Weighed (kg)' })).toHaveAttribute('data-points', '2');

    await user.click(screen.getByRole('button', { name: 'Export Consumption by Material Category' }));
    await user.click(await screen.findByTestId('report-export-pdf'));
    await waitFor(() => expect(api.sent('POST', `${REPORT_PATHS.categories}/generatePdf`)).toHaveLength(1));
    const [pdf] = api.sent('POST', `${REPORT_PATHS.categories}/generatePdf`);
    expect(pdf.query).toEqual({ fromDateTime: FROM, toDateTime: TO, shiftId: 'S1' });
    expect(pdf.body).toMatchObject({ heading: 'Consumption by Material Category', data: 'categories', matchKeys: ['code', 'name', 'figures.doses', 'figures.setpointKg', 'figures.actualKg', 'figures.deviationKg', 'figures.deviationPct', 'figures.sharePct'] });
  });

  it('leads from a category of one line to its materials by the category’s id on that line', async () => {
    fakeApi({ 'GET /api/shifts': ok([]), 'GET /api/getallrecipebylineandtime': ok([]), 'GET /api/productionschedulelist': ok([]), [`GET ${REPORT_PATHS.categories}`]: ok(CATEGORIES) });
    show(ConsumptionByMaterialCategoryScreen, BASE, `${BASE}?lineId=L1&fromDateTime=${FROM}&toDateTime=${TO}`);
    await screen.findByTestId('report-table');
    expect(screen.getByRole('link', { name: 'Grains' })).toHaveAttribute('href', `/reporting/consumption/bymaterials/L1/C1/${encodeURIComponent(FROM)}/${encodeURIComponent(TO)}`);
  });
});
