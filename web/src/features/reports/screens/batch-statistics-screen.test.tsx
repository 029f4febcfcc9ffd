import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '@/test/fake-api';
import { REPORT_PATHS } from '../api/report-types';
import { figures, FROM, report, row, TO } from '../testing/fixtures';
import { reportScreens } from '../testing/screen-setup';
import { searchOf, show } from '../testing/show';
import BatchStatisticsScreen from './batch-statistics-screen';

const BASE = '/reporting/batch/statistics';
const AT = `${BASE}?lineId=L1&fromDateTime=${FROM}&toDateTime=${TO}`;

const batchFigures = (kg: number, batches: number, oot: number, meanBatchS: number) =>
  figures(kg, { batches, aborted: 1, ootBatches: oot, ootBatchesPct: (oot / batches) * 100, meanBatchS, targetKg: batches * 1000 });

const RECIPES = report(
  [
    row('V2', 'Grower', 8004.5, { code: 'GROWER', version: 2, figures: batchFigures(8004.5, 8, 2, 605) }),
    row('V1', 'Starter', 2001, { code: 'STARTER', version: 1, figures: batchFigures(2001, 2, 0, 590) }),
  ],
  'recipe',
);
const ORDERS = report([row('PS1', 'Grower week 48', 8004.5, { code: 'PO-1', lineId: 'L1', lineName: 'Line 1', figures: batchFigures(8004.5, 8, 2, 605) })], 'order');

const routes = () => ({
  'GET /api/shifts': ok([]),
  'GET /api/getallrecipebylineandtime': ok([]),
  'GET /api/productionschedulelist': ok([]),
  [`GET ${REPORT_PATHS.batchStats}`]: ok(RECIPES),
  [`GET ${REPORT_PATHS.batchStatsByOrder}`]: ok(ORDERS),
});

const rowsOf = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));
const cell = (row: HTMLElement, col: string) => row.querySelector(`[data-col="${col}"]`) as HTMLElement;

describe('batch statistics', () => {
  reportScreens('PRIVILEGE', ['REPORTS_READ']);

  it('shows the figures per recipe version and per order, each with its chart', async () => {
    const api = fakeApi(routes());
    show(BatchStatisticsScreen, BASE, AT);
    await screen.findByTestId('report-recipes-table');
    await screen.findByTestId('report-orders-table');
    expect(api.sent('GET', REPORT_PATHS.batchStats)[0].query).toEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO });
    expect(api.sent('GET', REPORT_PATHS.batchStatsByOrder)[0].query).toEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO });

    const [grower, starter] = rowsOf('report-recipes-table');
    expect(cell(grower, 'code')).toHaveTextContent('GROWER');
    expect(cell(grower, 'version')).toHaveTextContent('2');
    expect(cell(grower, 'batches')).toHaveTextContent('8');
    expect(cell(grower, 'ootBatches')).toHaveTextContent('2');
    expect(cell(grower, 'ootBatchesPct')).toHaveTextContent('25.0%');
    expect(cell(grower, 'meanBatchS')).toHaveTextContent('0:10:05');
    expect(cell(starter, 'ootBatchesPct')).toHaveTextContent('0.0%');
    const [order] = rowsOf('report-orders-table');
    expect(cell(order, 'code')).toHaveTextContent('PO-1');
    expect(cell(order, 'name')).toHaveTextContent('Grower week 48');
    expect(cell(order, 'lineName')).toHaveTextContent('Line 1');
    expect(cell(order, 'actualKg')).toHaveTextContent('8,004.5');

    expect(screen.getByRole('img', { name: 'Batches out of tolerance per recipe version (%)' })).toHaveAccessibleDescription(/highest GROWER v2: 25\.0%/);
    expect(screen.getByRole('img', { name: 'Batches out of tolerance per order (%)' })).toHaveAttribute('data-points', '1');
    expect(screen.getByRole('heading', { name: 'Per recipe version' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Per production order' })).toBeInTheDocument();
  });

  it('sorts each section by its own headings', async () => {
    fakeApi(routes());
    const user = userEvent.setup();
    show(BatchStatisticsScreen, BASE, AT);
    await screen.findByTestId('report-recipes-table');
    await user.click(within(screen.getByTestId('report-recipes-table')).getByTestId('sort-ootBatchesPct'));
    await waitFor(() => expect(searchOf(screen.getByTestId('location')).get('recipes.sort')).toBe('ootBatchesPct:desc'));
    expect(cell(rowsOf('report-recipes-table')[0], 'code')).toHaveTextContent('GROWER');
  });
});
