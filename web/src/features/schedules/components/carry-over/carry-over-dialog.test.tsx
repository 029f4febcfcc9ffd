import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '@/test/render';
import ScheduleListScreen from '../../screens/list-screen';
import type { CarryOverSettings } from '../../api/schedule-types';
import { failed, fakeApi, ok, type Reply } from '../../testing/fake-api';
import { CARRY_OVER, MATERIALS, STATUSES } from '../../testing/fixtures';
import { signedIn } from '../../testing/screen-setup';

const routes = (save: Reply) => ({
  'GET /api/productionschedules/statuses': ok(STATUSES),
  'GET /api/productionschedules': ok([]),
  'GET /api/productionschedules/carryover?lineId=L1': ok(CARRY_OVER),
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
});
