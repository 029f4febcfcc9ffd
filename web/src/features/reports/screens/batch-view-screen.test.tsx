import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '@/test/fake-api';
import { REPORT_PATHS } from '../api/report-types';
import { batches, batchWith, MIXING } from '../testing/diag-fixtures';
import { FROM, TO } from '../testing/fixtures';
import { reportScreens } from '../testing/screen-setup';
import { searchOf, show } from '../testing/show';
import BatchViewScreen from './batch-view-screen';

const BASE = '/reporting/diagnostics/view';
const AT = `${BASE}?fromDateTime=${FROM}&toDateTime=${TO}`;

const RECIPES = [{ recipeId: 'V2', code: 'GROWER', version: 2, name: 'Grower', lineId: 'L1', planned: true, produced: true }];

const routes = (truncated = false) => ({
  'GET /api/getallrecipebylineandtime': ok(RECIPES),
  'GET /api/productionschedulelist': ok([]),
  [`GET ${REPORT_PATHS.batchesWithParameters}`]: ok(batches([batchWith(2), batchWith(1, { lineId: 'L2' })], truncated)),
  [`GET ${REPORT_PATHS.consolidatedMixing}`]: ok(MIXING),
});

const rowsOf = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('row').filter((r) => r.hasAttribute('data-row'));

describe('batch view', () => {
  reportScreens('PRIVILEGE', ['REPORTS_READ']);

  it('lists the batches with their values past limits, each opening to its process values and linking to its specific view', async () => {
    fakeApi(routes());
    const user = userEvent.setup();
    show(BatchViewScreen, BASE, AT);
    await screen.findByTestId('report-batches-table');
    const [hot, cool] = rowsOf('report-batches-table');
    // Every line: the line named from the cache.
    expect(hot.querySelector('[data-col="line"]')).toHaveTextContent('Line 1');
    expect(cool.querySelector('[data-col="line"]')).toHaveTextContent('Line 2');
    expect(within(hot.querySelector('[data-col="exceeded"]') as HTMLElement).getByTestId('diag-exceeded')).toHaveTextContent('MIXER_TEMP_C');
    expect(cool.querySelector('[data-col="exceeded"]')).toHaveTextContent('—');
    expect(within(hot.querySelector('[data-col="status"]') as HTMLElement).getByTestId('status-COMPLETE')).toHaveTextContent('Complete');
    expect(within(hot).getByRole('link', { name: 'Open batch ML1-0002 in its context' })).toHaveAttribute(
      'href',
      `/reporting/diagnostics/specificview/L1/V2/ML1-0002/O1/${encodeURIComponent(FROM)}/${encodeURIComponent(TO)}`,
    );

    await user.click(within(hot).getByRole('button', { name: 'Process values of batch ML1-0002' }));
    const values = screen.getByRole('table', { name: 'Process values of batch ML1-0002' });
    const [temp] = within(values).getAllByRole('row').slice(1);
    expect(temp.querySelector('[data-col="parameter"]')).toHaveTextContent('MIXER_TEMP_C · Mixer temperature');
    expect(temp.querySelector('[data-col="max"]')).toHaveTextContent('27.25');
    expect(within(temp).getByTestId('parameter-exceeded')).toHaveTextContent('Exceeded');
    expect(temp.querySelector('[data-col="excursion"]')).toHaveTextContent('0.75');
  });

  it('shows the mixing per recipe and step: planned against actual, energy, peak power and steps off their plan', async () => {
    fakeApi(routes());
    show(BatchViewScreen, BASE, AT);
    await screen.findByTestId('report-mixing-table');
    const [step] = rowsOf('report-mixing-table');
    expect(step.querySelector('[data-col="recipe"]')).toHaveTextContent('GROWER · v2 · Grower');
    expect(step.querySelector('[data-col="action"]')).toHaveTextContent('DRY_MIX · Dry mix');
    expect(step.querySelector('[data-col="plannedMeanS"]')).toHaveTextContent('0:01:00');
    expect(step.querySelector('[data-col="actualMaxS"]')).toHaveTextContent('0:01:15');
    expect(step.querySelector('[data-col="energyMeanKwh"]')).toHaveTextContent('0.31');
    expect(step.querySelector('[data-col="peakMaxKw"]')).toHaveTextContent('17.9');
    expect(within(step).getByTestId('diag-past')).toHaveTextContent('1');
    const chart = screen.getByRole('img', { name: 'Mean mixing time per step: actual against planned' });
    expect(document.getElementById(chart.getAttribute('aria-describedby')!)).toHaveTextContent('1 step; furthest from its plan: GROWER v2 · DRY_MIX, 0:01:01 against 0:01:00 planned.');
  });

  it('narrows both reports to a recipe, and says when only the newest 500 batches are listed', async () => {
    const api = fakeApi(routes(true));
    const user = userEvent.setup();
    show(BatchViewScreen, BASE, AT);
    expect(await screen.findByTestId('diag-truncated')).toHaveTextContent('Only the newest 500 batches');
    await user.click(screen.getByRole('combobox', { name: 'Recipe' }));
    await user.click(await screen.findByRole('option', { name: 'GROWER · v2 · Grower' }));
    await waitFor(() => expect(api.sent('GET', REPORT_PATHS.batchesWithParameters).at(-1)?.query).toEqual({ fromDateTime: FROM, toDateTime: TO, recipeId: 'V2' }));
    await waitFor(() => expect(api.sent('GET', REPORT_PATHS.consolidatedMixing).at(-1)?.query).toMatchObject({ recipeId: 'V2' }));
    expect(searchOf(screen.getByTestId('location')).get('recipeId')).toBe('V2');
  });
});
