import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '@/test/render';
import ScheduleListScreen from '../../screens/list-screen';
import type { CarryOverSettings } from '../../api/schedule-types';
import { failed, fakeApi, ok, type Reply } from '../../testing/fake-api';
import { CARRY_OVER, MATERIALS, STATUSES } from '../../testing/fixtures';
import { signedIn } from '../../testing/screen-setup';

const routes = (save: Reply, read: Reply = ok(CARRY_OVER)) => ({
  'GET /api/productionschedules/statuses': ok(STATUSES),
  'GET /api/productionschedules': ok([]),
  'GET /api/productionschedules/carryover?lineId=L1': read,
  'GET /api/materialdirectory?lineId=L1': ok(MATERIALS),
  'POST /api/productionschedules/carryover/edit/L1': save,
});

const open = async () => {
  renderAt('/scheduling/productionschedules?lineId=L1', [{ path: '/scheduling/productionschedules', element: <ScheduleListScreen /> }]);
  const user = userEvent.setup();
  await user.click(await screen.findByTestId('carry-over-open'));
  const dialog = await screen.findByRole('dialog', { name: 'Carry-over settings' });
  await within(dialog).findByTestId('carry-over-matrix');
  return { user, dialog };
};

signedIn();

describe('the carry-over settings', () => {
  it('shows the 4 × 4 matrix with named cells and saves every pair with the flush', async () => {
    const api = fakeApi(routes(ok({ ...CARRY_OVER, configured: true }, 'Carry-over settings saved')));
    const { user, dialog } = await open();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(16);
    expect(within(dialog).getByRole('checkbox', { name: 'Flush required when None follows Medicated' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Flush required when Medicated follows None' })).not.toBeChecked();
    expect(within(dialog).getByRole('rowheader', { name: 'Coccidiostat' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('carry-over-state')).toHaveTextContent('default matrix');

    await user.click(within(dialog).getByRole('checkbox', { name: 'Flush required when Medicated follows None' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Flush material' }));
    await user.click(screen.getByRole('option', { name: 'WHEAT · Wheat' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Flush quantity (kg)' }), '500');
    await user.click(within(dialog).getByTestId('carry-over-save'));

    expect(await screen.findByText('Carry-over settings saved')).toBeInTheDocument();
    const body = api.sent('POST', '/api/productionschedules/carryover/edit/L1')[0].body as CarryOverSettings;
    expect(body.rules).toHaveLength(16);
    expect(body.rules.find((r) => r.fromClass === 'NONE' && r.toClass === 'MEDICATED')?.flushRequired).toBe(true);
    expect(body.rules.find((r) => r.fromClass === 'MEDICATED' && r.toClass === 'NONE')?.flushRequired).toBe(true);
    expect(body).toMatchObject({ lineId: 'L1', flushMaterialId: 'M-WHEAT', flushQuantityKg: 500 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('puts the server’s messages on the flush fields', async () => {
    fakeApi(routes(failed(400, 'Some fields are invalid', { flushMaterialId: 'No bin of the line holds the flush material CORN' })));
    const { user, dialog } = await open();
    await user.click(within(dialog).getByTestId('carry-over-save'));
    expect(await within(dialog).findByText('No bin of the line holds the flush material CORN')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Flush material' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps the grid when someone saved the settings meanwhile, compares it and saves over theirs', async () => {
    const said = 'anna@plant.test saved this at 2026-11-27 02:10 UTC, after you opened it. Reload to see their change, or compare it with yours.';
    const opened: CarryOverSettings = { ...CARRY_OVER, configured: true, updatedAt: '2026-11-27T02:00:00.000001Z', updatedBy: 'super@plant.test' };
    const theirs: CarryOverSettings = { ...opened, flushMaterialId: 'M-WHEAT', flushQuantityKg: 300, updatedAt: '2026-11-27T02:10:00.000002Z', updatedBy: 'anna@plant.test' };
    let reads = 0;
    let saves = 0;
    const api = fakeApi(
      routes(
        () => (++saves === 1 ? failed(409, said, { updatedAt: said }) : ok(theirs, 'Carry-over settings saved')),
        () => ok(++reads === 1 ? opened : theirs),
      ),
    );
    const { user, dialog } = await open();
    const cell = within(dialog).getByRole('checkbox', { name: 'Flush required when Medicated follows None' });
    await user.click(cell);
    await user.click(within(dialog).getByTestId('carry-over-save'));

    const alert = await within(dialog).findByTestId('stale-edit');
    expect(alert).toHaveTextContent(said);
    expect(within(dialog).getByRole('checkbox', { name: 'Flush required when Medicated follows None' })).toBeChecked();
    expect(api.sent('POST', '/api/productionschedules/carryover/edit/L1')[0].body).toMatchObject({ updatedAt: opened.updatedAt });
    await user.click(within(alert).getByRole('button', { name: 'Compare with the saved version' }));
    const table = await within(alert).findByTestId('stale-compare');
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).closest('tr')!;
    expect(row('Flush required when Medicated follows None')).toHaveTextContent(/Flush required.*No flush/);
    expect(row('Flush material')).toHaveTextContent('WHEAT · Wheat');
    expect(row('Flush quantity (kg)')).toHaveTextContent('300');
    expect(within(table).getAllByRole('row')).toHaveLength(4);

    await user.click(within(alert).getByRole('button', { name: 'Save mine over theirs' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', '/api/productionschedules/carryover/edit/L1')[1].body).toMatchObject({ updatedAt: theirs.updatedAt, flushMaterialId: null });
  });

  it('reloads the saved settings, dropping the grid', async () => {
    const said = 'anna@plant.test saved this at 2026-11-27 02:10 UTC, after you opened it. Reload to see their change, or compare it with yours.';
    const opened: CarryOverSettings = { ...CARRY_OVER, configured: true, updatedAt: '2026-11-27T02:00:00.000001Z', updatedBy: 'super@plant.test' };
    const theirs: CarryOverSettings = { ...opened, flushMaterialId: 'M-WHEAT', flushQuantityKg: 300, updatedAt: '2026-11-27T02:10:00.000002Z', updatedBy: 'anna@plant.test' };
    let reads = 0;
    fakeApi(routes(failed(409, said, { updatedAt: said }), () => ok(++reads === 1 ? opened : theirs)));
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Flush required when Medicated follows None' }));
    await user.click(within(dialog).getByTestId('carry-over-save'));
    const alert = await within(dialog).findByTestId('stale-edit');
    await waitFor(() => expect(within(alert).getByTestId('stale-overwrite')).toBeEnabled());
    await user.click(within(alert).getByRole('button', { name: 'Discard mine and reload' }));
    await waitFor(() => expect(within(dialog).queryByTestId('stale-edit')).toBeNull());
    expect(within(dialog).getByRole('checkbox', { name: 'Flush required when Medicated follows None' })).not.toBeChecked();
    expect(within(dialog).getByTestId('carry-over-state')).toHaveTextContent('anna@plant.test');
  });
});
