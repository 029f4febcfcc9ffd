import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LocationProbe, renderAt } from '@/test/render';
import type { ScheduleRecord } from '../../api/schedule-types';
import ViewScheduleScreen from '../../screens/view-screen';
import { failed, fakeApi, ok } from '../../testing/fake-api';
import { order, RUNNING } from '../../testing/fixtures';
import { signedIn } from '../../testing/screen-setup';

const at = (h: number) => `2026-11-23T${String(h).padStart(2, '0')}:00:00Z`;

const running: ScheduleRecord = {
  ...RUNNING,
  notes: 'Customer 4711',
  controlRecipe: {
    recipeId: 'V2',
    recipeCode: 'GROWER',
    recipeName: 'Grower',
    recipeVersion: 2,
    batchSizeKg: 1000,
    medicationClass: 'NONE',
    weighings: [
      { sequence: 1, scaleCode: 'S-MAJOR', materialCode: 'CORN', materialName: 'Corn', binCode: 'BIN-01', setpointKg: 600, toleranceKg: 3 },
      { sequence: 1, scaleCode: 'S-MICRO', materialCode: 'PREMIX', materialName: 'Premix', binCode: null, setpointKg: 10, toleranceKg: 0.1 },
    ],
    mixing: [{ sequence: 1, actionCode: 'DRY_MIX', modeCode: 'STD', durationS: 120, parameters: [{ code: 'SPEED', value: 40, unit: 'rpm' }] }],
    miscellaneous: [
      { code: 'COND_TEMP', value: 82, unit: '°C' },
      { code: 'STEAM', value: true },
    ],
  },
  producedBatches: [
    { batchId: 'B-1001', status: 'COMPLETE', recipeId: 'V2', recipeVersion: 2, startedAt: at(7), endedAt: at(8), targetKg: 1000, actualKg: 998.5 },
    { batchId: 'B-1002', status: 'RUNNING', recipeId: 'V2', recipeVersion: 2, startedAt: at(8), endedAt: null, targetKg: 1000, actualKg: null },
  ],
  history: [
    { at: at(6), actor: 'anna@plant.test', action: 'created' },
    { at: at(7), actor: 'ben@plant.test', action: 'status', fromStatus: 'PLANNED', toStatus: 'RELEASED' },
  ],
};

const show = (id = 'O1') =>
  renderAt(`/scheduling/productionschedules/view/${id}`, [
    { path: '/scheduling/productionschedules/view/:id', element: <ViewScheduleScreen /> },
    { path: '/scheduling/productionschedules', element: <LocationProbe /> },
  ]);

describe('the order view', () => {
  signedIn();

  it('shows where the order stands, its control recipe, the batches produced and its history', async () => {
    fakeApi({ 'GET /api/productionschedules/O1': ok(running) });
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order PO-1' })).toBeInTheDocument();
    expect(screen.getByTestId('schedule-status')).toHaveTextContent('Running');
    expect(screen.getByTestId('pinned-badge')).toBeInTheDocument();
    expect(screen.getByTestId('schedule-summary')).toHaveTextContent('Grower crumble · Line 1 · GROWER · Grower · v2');
    expect(screen.getByRole('progressbar', { name: 'Order PO-1: 40 % of the batches done' })).toBeInTheDocument();
    expect(screen.getByTestId('schedule-facts')).toHaveTextContent('Customer 4711');
    expect(within(screen.getByTestId('schedule-facts')).getByRole('rowheader', { name: 'Medication class' }).nextSibling).toHaveTextContent('None');

    expect(screen.getByTestId('control-state')).toHaveTextContent('Frozen at release: GROWER version 2, 1,000 kg per batch.');
    const weighings = screen.getByRole('table', { name: 'Weighings' });
    const rows = within(weighings).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-material'))).toEqual(['CORN', 'PREMIX']);
    expect(rows[0]).toHaveTextContent('S-MAJORCORN · CornBIN-01600 kg± 3 kg');
    expect(rows[1]).toHaveTextContent('—10 kg± 0.1 kg');
    expect(screen.getByRole('table', { name: 'Mixing steps' })).toHaveTextContent('DRY_MIXSTD120SPEED = 40 rpm');
    expect(screen.getByRole('table', { name: 'Miscellaneous values' })).toHaveTextContent('COND_TEMP82 °CSTEAMyes');

    const batches = screen.getByRole('table', { name: 'Batches produced' });
    expect(within(batches).getAllByRole('row').slice(1).map((r) => r.getAttribute('data-batch'))).toEqual(['B-1001', 'B-1002']);
    expect(batches).toHaveTextContent('Complete');
    expect(batches).toHaveTextContent('998.5 kg');

    const history = screen.getByRole('table', { name: 'History' });
    const entries = within(history).getAllByRole('row').slice(1);
    expect(entries[0]).toHaveTextContent('ben@plant.testStatus changedPlanned → Released');
    expect(entries[1]).toHaveTextContent('Created');

    expect(screen.getByRole('button', { name: 'Hold order PO-1' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit order PO-1' })).toBeNull();
  });

  it('shows the electronic signature of a medicated order’s release, and no such section without one', async () => {
    const signature = { id: 'SG9', purpose: 'ORDER_RELEASE' as const, level: null, signer: 'qa@plant.test', signerName: 'Quinn Abel', meaning: 'QA_RELEASE', meaningName: 'QA release', signedAt: at(7), signedLocal: '2026-11-23 08:00:00', zone: 'Europe/Amsterdam', twoPerson: true };
    fakeApi({
      'GET /api/productionschedules/O2': ok({ ...running, _id: 'O2', orderNumber: 'PO-2', medicationClass: 'MEDICATED', signatures: [signature] }),
      'GET /api/productionschedules/O1': ok(running),
    });
    const view = show('O2');
    const items = within(await screen.findByTestId('signature-list')).getAllByTestId('signature-item');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveAttribute('data-signer', 'qa@plant.test');
    expect(items[0]).toHaveTextContent('QA releaseRelease of the order, signed by Quinn Abel (qa@plant.test) on 2026-11-23 08:00:00 (Europe/Amsterdam)Two-person rule');
    view.unmount();

    show('O1');
    await screen.findByRole('heading', { level: 1, name: 'Order PO-1' });
    expect(screen.queryByRole('heading', { name: 'Electronic signatures' })).toBeNull();
  });

  it('warns when a planned order could not be released as the line is configured now', async () => {
    fakeApi({
      'GET /api/productionschedules/O1': ok(order({ controlProblems: ['Material PREMIX is in no bin of scale S-MICRO'], controlRecipe: null, producedBatches: [], history: [] })),
    });
    show();
    const problems = await screen.findByTestId('control-problems');
    expect(problems).toHaveTextContent('This order cannot be released as the line is configured now');
    expect(within(problems).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Material PREMIX is in no bin of scale S-MICRO']);
    expect(screen.getByText('No batches produced yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit order PO-1' })).toHaveAttribute('href', '/scheduling/productionschedules/edit/O1');
  });

  it('puts an order on hold after asking, and deletes one going back to the list', async () => {
    const api = fakeApi({
      'GET /api/productionschedules/O1': ok(running),
      'POST /api/productionschedules/status/O1': ok({ ...running, status: 'ON_HOLD' }, 'Order PO-1 is now On hold'),
      'GET /api/productionschedules/O3': ok(order({ _id: 'O3', orderNumber: 'PO-3' })),
      'POST /api/productionschedules/delete': ok(null, 'Order PO-3 deleted'),
    });
    const user = userEvent.setup();
    const view = show();
    await user.click(await screen.findByRole('button', { name: 'Hold order PO-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hold order PO-1' });
    await user.click(within(dialog).getByTestId('confirm-move'));
    expect(await screen.findByText('Order PO-1 is now On hold')).toBeInTheDocument();
    expect(api.sent('POST', '/api/productionschedules/status/O1')[0].body).toEqual({ status: 'ON_HOLD' });
    view.unmount();

    show('O3');
    await user.click(await screen.findByRole('button', { name: 'Delete order PO-3' }));
    await user.click(await screen.findByTestId('confirm-delete'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/scheduling/productionschedules?lineId=L1'));
  });

  it('says so when there is no such order', async () => {
    fakeApi({ 'GET /api/productionschedules/NOPE': failed(404, 'Production order not found') });
    show('NOPE');
    expect(await screen.findByTestId('schedule-not-found')).toBeInTheDocument();
  });
});
