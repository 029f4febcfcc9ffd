import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failed, fakeApi, ok, type Reply, type SentCall } from '@/test/fake-api';
import { REPORT_PATHS } from '../api/report-types';
import { batches, batchNo, batchWith, compareMixing, compareParameters } from '../testing/diag-fixtures';
import { FROM, TO } from '../testing/fixtures';
import { reportScreens } from '../testing/screen-setup';
import { searchOf, show } from '../testing/show';
import CompareScreen from './compare-screen';

const BASE = '/reporting/diagnostics/compare';
const AT = `${BASE}?lineId=L1&fromDateTime=${FROM}&toDateTime=${TO}`;

const LISTED = [batchWith(1), batchWith(2), batchWith(3), batchWith(4, { recipeId: 'V9', recipeCode: 'STARTER', recipeName: 'Starter', recipeVersion: 1 })];

const ids = (call: SentCall) => call.query.batchIds.split(',');

function routes(listed = LISTED, over: Record<string, Reply> = {}) {
  return {
    'GET /api/getallrecipebylineandtime': ok([]),
    [`GET ${REPORT_PATHS.batchesWithParameters}`]: ok(batches(listed)),
    [`GET ${REPORT_PATHS.compareMixing}`]: (call: SentCall) => ok(compareMixing(ids(call), call.query.goldenBatchId)),
    [`GET ${REPORT_PATHS.compareParameters}`]: (call: SentCall) => ok(compareParameters(ids(call), call.query.goldenBatchId)),
    ...over,
  };
}

const pickerRows = () => within(screen.getByTestId('report-batches-table')).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));
const choose = (batch: string) => screen.getByRole('checkbox', { name: `Compare batch ${batch}` });
const search = () => searchOf(screen.getByTestId('location'));

describe('compare', () => {
  reportScreens('PRIVILEGE', ['REPORTS_READ']);

  it('lists the batches to pick from with their recipe, order, end and values past their limits', async () => {
    fakeApi(routes());
    show(CompareScreen, BASE, AT);
    await screen.findByTestId('report-batches-table');
    const [first, second] = pickerRows();
    expect(first.querySelector('[data-col="recipe"]')).toHaveTextContent('GROWER · v2 · Grower');
    expect(first.querySelector('[data-col="order"]')).toHaveTextContent('PO-1');
    expect(first.querySelector('[data-col="endedAt"]')).toHaveTextContent(/2026/);
    expect(first.querySelector('[data-col="exceeded"]')).toHaveTextContent('—');
    expect(within(second.querySelector('[data-col="exceeded"]') as HTMLElement).getByTestId('diag-exceeded')).toHaveTextContent('MIXER_TEMP_C');
    expect(screen.getByTestId('compare-chosen')).toHaveTextContent('Choose up to 10 batches of one recipe below');
    expect(screen.queryByTestId('compare-result')).toBeNull();
  });

  it('keeps the choice and the reference in the address, disables other recipes, and asks for the compare', async () => {
    const api = fakeApi(routes());
    const user = userEvent.setup();
    show(CompareScreen, BASE, AT);
    await screen.findByTestId('report-batches-table');
    await user.click(choose('ML1-0001'));
    await waitFor(() => expect(search().get('batchIds')).toBe('ML1-0001'));
    expect(search().get('goldenBatchId')).toBe('ML1-0001');
    // A STARTER batch cannot join a GROWER compare.
    await waitFor(() => expect(choose('ML1-0004')).toBeDisabled());
    expect(choose('ML1-0004')).toHaveAttribute('aria-describedby', screen.getByTestId('compare-note').id);
    expect(choose('ML1-0002')).toBeEnabled();

    await user.click(choose('ML1-0002'));
    await user.click(choose('ML1-0003'));
    await waitFor(() => expect(search().get('batchIds')).toBe('ML1-0001,ML1-0002,ML1-0003'));
    await user.click(screen.getByRole('radio', { name: 'Use batch ML1-0002 as the reference' }));
    await waitFor(() => expect(search().get('goldenBatchId')).toBe('ML1-0002'));
    await waitFor(() =>
      expect(api.sent('GET', REPORT_PATHS.compareMixing).at(-1)?.query).toEqual({ lineId: 'L1', fromDateTime: FROM, toDateTime: TO, batchIds: 'ML1-0001,ML1-0002,ML1-0003', goldenBatchId: 'ML1-0002' }),
    );
    expect(api.sent('GET', REPORT_PATHS.compareParameters).at(-1)?.query).toMatchObject({ batchIds: 'ML1-0001,ML1-0002,ML1-0003', goldenBatchId: 'ML1-0002' });
    expect(screen.getByTestId('compare-chosen')).toHaveTextContent('3 batches of at most 10 chosen · recipe GROWER · v2 · Grower · reference ML1-0002');

    // The reference removed: the first left takes its place.
    await user.click(choose('ML1-0002'));
    await waitFor(() => expect(search().get('batchIds')).toBe('ML1-0001,ML1-0003'));
    expect(search().get('goldenBatchId')).toBe('ML1-0001');
    await user.click(screen.getByTestId('compare-clear'));
    await waitFor(() => expect(search().get('batchIds')).toBeNull());
    expect(choose('ML1-0004')).toBeEnabled();
  });

  it('shows the overlays per process value with the reference named, and the values against the reference', async () => {
    fakeApi(routes());
    show(CompareScreen, BASE, `${AT}&batchIds=ML1-0001,ML1-0002,ML1-0003&goldenBatchId=ML1-0002`);
    const overlays = await screen.findAllByTestId('diag-overlay');
    expect(overlays.map((o) => o.dataset.code)).toEqual(['MIXER_TEMP_C', 'MIXER_POWER_KW']);
    const chart = within(overlays[0]).getByRole('img', { name: 'MIXER_TEMP_C · Mixer temperature (°C)' });
    expect(document.getElementById(chart.getAttribute('aria-describedby')!)).toHaveTextContent('3 batches overlaid over 0:00:59 from each start; the reference ML1-0002 is drawn dark and dashed.');
    expect(within(overlays[0]).getByText('ML1-0002 (reference)')).toBeInTheDocument();
    expect(within(overlays[0]).getByText('ML1-0001')).toBeInTheDocument();

    const compared = within(screen.getByTestId('compare-mixing-table')).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));
    expect(compared).toHaveLength(3);
    expect(within(compared[1]).getByTestId('diag-reference')).toHaveTextContent('Reference');

    const values = within(screen.getByTestId('compare-values-table')).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));
    expect(values.map((r) => r.querySelector('[data-col="deltaMean"]')?.textContent)).toEqual(['-0.5', '0.0', '+0.5']);
    expect(values[1].querySelector('[data-col="batch"]')).toHaveTextContent('ML1-0002 Reference');
    expect(within(values[1]).getByTestId('compared-exceeded')).toHaveTextContent('Exceeded');
    expect(within(values[0]).getByTestId('compared-within')).toHaveTextContent('Within limits');
    expect(screen.getByRole('radio', { name: 'Use batch ML1-0002 as the reference' })).toBeChecked();
  });

  it('takes at most ten batches', async () => {
    const listed = Array.from({ length: 12 }, (_, i) => batchWith(i + 1));
    fakeApi(routes(listed));
    const user = userEvent.setup();
    const nine = listed.slice(0, 9).map((b) => b.batchId);
    show(CompareScreen, BASE, `${AT}&batchIds=${nine.join(',')}`);
    await screen.findByTestId('report-batches-table');
    await user.click(choose(batchNo(10)));
    await waitFor(() => expect(search().get('batchIds')?.split(',')).toHaveLength(10));
    expect(choose(batchNo(11))).toBeDisabled();
    expect(choose(batchNo(12))).toBeDisabled();
    expect(choose(batchNo(10))).toBeEnabled();
    expect(screen.getByTestId('compare-note')).toHaveTextContent('10 batches chosen: the most a compare takes.');
  });

  it("shows the server's refusals of the choice", async () => {
    const refused = failed(400, 'Invalid request', { batchIds: 'Batches of several recipes cannot be compared.', goldenBatchId: 'The reference must be one of the compared batches.' });
    fakeApi(routes(LISTED, { [`GET ${REPORT_PATHS.compareMixing}`]: refused, [`GET ${REPORT_PATHS.compareParameters}`]: refused }));
    show(CompareScreen, BASE, `${AT}&batchIds=ML1-0001,ML1-0004&goldenBatchId=ML1-0009`);
    const alert = await screen.findByTestId('compare-mixing-error');
    expect(alert).toHaveTextContent('Batches of several recipes cannot be compared.');
    expect(alert).toHaveTextContent('The reference must be one of the compared batches.');
    expect(screen.getByTestId('compare-values-error')).toHaveTextContent('Batches of several recipes cannot be compared.');
  });
});
