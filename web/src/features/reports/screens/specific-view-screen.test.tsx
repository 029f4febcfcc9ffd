import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failed, fakeApi, ok } from '@/test/fake-api';
import { REPORT_PATHS } from '../api/report-types';
import { batches, batchWith, diagnostics } from '../testing/diag-fixtures';
import { FROM, TO } from '../testing/fixtures';
import { reportScreens } from '../testing/screen-setup';
import { show } from '../testing/show';
import { diagPaths } from '../utils/diag-paths';
import SpecificViewScreen from './specific-view-screen';

const PATTERN = '/reporting/diagnostics/specificview/:lineId/:recipeId/:batchId/:productionScheduleId/:fromDate/:toDate';
const at = (order = 'O1', line = 'L1') => diagPaths.specific({ lineId: line, recipeId: 'V2', batchId: 'ML1-0002', productionScheduleId: order }, FROM, TO);

const CONTEXT = [batchWith(3), batchWith(2), batchWith(1), batchWith(4, { recipeCode: 'STARTER', recipeId: 'V9' })];

const routes = (found = true) => ({
  [`GET ${REPORT_PATHS.batchDiagnostics}`]: found ? ok(diagnostics(2)) : failed(404, 'Batch not found'),
  [`GET ${REPORT_PATHS.batchesWithParameters}`]: ok(batches(CONTEXT)),
});

const rowsOf = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));

describe('specific view', () => {
  reportScreens('PRIVILEGE', ['REPORTS_READ']);

  it('shows the batch: header, process values against limits with its curves, and what went out of spec', async () => {
    const api = fakeApi(routes());
    show(SpecificViewScreen, PATTERN, at());
    expect(at()).toBe(`/reporting/diagnostics/specificview/L1/V2/ML1-0002/O1/${encodeURIComponent(FROM)}/${encodeURIComponent(TO)}`);
    await screen.findByTestId('report-parameters-table');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Batch ML1-0002 in its context');
    expect(api.sent('GET', REPORT_PATHS.batchDiagnostics)[0].query).toEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO, batchId: 'ML1-0002' });
    // One call answers the header and both sections.
    expect(api.sent('GET', REPORT_PATHS.batchDiagnostics)).toHaveLength(1);
    expect(screen.getByTestId('diag-batch-recipe')).toHaveTextContent('GROWER · v2 · Grower');
    expect(screen.getByTestId('diag-batch-order')).toHaveTextContent('PO-1');
    expect(screen.getByTestId('diag-batch-outOfSpec')).toHaveTextContent('1');

    const [temp] = rowsOf('report-parameters-table');
    expect(within(temp).getByTestId('parameter-exceeded')).toHaveTextContent('Exceeded');
    const curves = within(screen.getByTestId('batch-curves')).getAllByTestId('batch-curve');
    expect(curves).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Mixer temperature (°C)' })).toHaveAttribute('data-points', '30');

    const [excursion] = rowsOf('report-outOfSpec-table');
    expect(excursion.querySelector('[data-col="what"]')).toHaveTextContent('MIXER_TEMP_C · Mixer temperature');
    expect(within(excursion).getByTestId('direction-OVER')).toHaveTextContent('Over');
    expect(excursion.querySelector('[data-col="excursion"]')).toHaveTextContent('0.75 °C');
  });

  it('lists its recipe and order in the range, and compares up to ten of them with this batch as the reference', async () => {
    const api = fakeApi(routes());
    const user = userEvent.setup();
    show(SpecificViewScreen, PATTERN, at());
    await screen.findByTestId('report-context-table');
    expect(api.sent('GET', REPORT_PATHS.batchesWithParameters)[0].query).toEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO, recipeId: 'V2', productionScheduleId: 'O1' });
    expect(screen.getByTestId('diag-context-heading')).toHaveTextContent('Other batches of its recipe and order');
    expect(rowsOf('report-context-table')).toHaveLength(4);
    const compare = screen.getByRole('link', { name: 'Compare with these' });
    // This batch first and the reference; the STARTER batch is not of its recipe.
    expect(compare).toHaveAttribute(
      'href',
      `/reporting/diagnostics/compare?lineId=L1&fromDateTime=${encodeURIComponent(FROM)}&toDateTime=${encodeURIComponent(TO)}&recipeId=V2&batchIds=${encodeURIComponent('ML1-0002,ML1-0003,ML1-0001')}&goldenBatchId=ML1-0002`,
    );
    expect(screen.getByTestId('diag-compare-with-note')).toHaveTextContent('this batch as the reference and 2 other batches');

    // Another batch of the context opens its own specific view.
    await user.click(within(rowsOf('report-context-table')[0]).getByRole('link', { name: 'Open batch ML1-0003 in its context' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/specificview/L1/V2/ML1-0003/O1/'));
  });

  it('drops the order filter for 0 and the line for ALL', async () => {
    const api = fakeApi(routes());
    show(SpecificViewScreen, PATTERN, at('0', 'ALL'));
    await screen.findByTestId('report-context-table');
    expect(api.sent('GET', REPORT_PATHS.batchDiagnostics)[0].query).toEqual({ fromDateTime: FROM, toDateTime: TO, batchId: 'ML1-0002' });
    expect(api.sent('GET', REPORT_PATHS.batchesWithParameters)[0].query).toEqual({ fromDateTime: FROM, toDateTime: TO, recipeId: 'V2' });
    expect(screen.getByTestId('diag-context-heading')).toHaveTextContent('Other batches of its recipe,');
  });

  it('says so when the batch is not there, or the address names no range', async () => {
    fakeApi(routes(false));
    const { unmount } = show(SpecificViewScreen, PATTERN, at());
    expect(await screen.findByTestId('diag-batch-not-found')).toHaveTextContent('ML1-0002');
    unmount();
    show(SpecificViewScreen, PATTERN, '/reporting/diagnostics/specificview/L1/V2/ML1-0002/O1/yesterday/today');
    expect(screen.getByTestId('diag-bad-address')).toHaveTextContent('This address does not name a batch and a valid range.');
  });
});
