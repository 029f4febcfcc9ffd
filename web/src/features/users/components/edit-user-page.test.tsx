import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '@/features/config/testing/fake-api';
import { signedInWithLines } from '@/test/screen-setup';
import { LocationProbe, renderAt } from '@/test/render';
import EditUserPage from './edit-user-page';

signedInWithLines(1, '_SUPER');

const base = { _id: 'U1', email: 'qa@plant.test', username: 'qa', role: 'PRIVILEGE', status: 'active', createdAt: '2026-11-20T08:00:00Z' };
const opened = { ...base, privileges: ['RECIPE_READ'], updatedAt: '2026-11-27T02:00:00.000001Z', updatedBy: 'super@plant.test' };
const theirs = { ...base, role: 'ADMIN', privileges: [], updatedAt: '2026-11-27T02:10:00.000002Z', updatedBy: 'anna@plant.test' };
const said = 'anna@plant.test saved this at 2026-11-27 02:10 UTC, after you opened it. Reload to see their change, or compare it with yours.';

describe('edit user', () => {
  it('sends the version it opened, and after someone saved meanwhile compares and saves over theirs', async () => {
    let reads = 0;
    let saves = 0;
    const api = fakeApi({
      'GET /api/getuser/U1': () => ok(++reads === 1 ? opened : theirs),
      'POST /api/edituser': () => (++saves === 1 ? { status: 409, body: { success: false, message: said, errors: { updatedAt: said } } } : ok(theirs, 'User updated')),
    });
    const user = userEvent.setup();
    renderAt('/users/edituser/U1', [
      { path: '/users/edituser/:userId', element: <EditUserPage /> },
      { path: '/users', element: <LocationProbe /> },
    ]);
    const save = await screen.findByRole('button', { name: 'Save' });
    await user.click(save);
    const alert = await screen.findByTestId('stale-edit');
    expect(alert).toHaveTextContent(said);
    expect(api.sent('POST', '/api/edituser')[0].body).toMatchObject({ _id: 'U1', role: 'PRIVILEGE', privileges: ['RECIPE_READ'], updatedAt: opened.updatedAt });

    await user.click(within(alert).getByRole('button', { name: 'Compare with the saved version' }));
    const table = await within(alert).findByTestId('stale-compare');
    expect(within(table).getByRole('rowheader', { name: 'Role' }).closest('tr')).toHaveTextContent(/User with privileges.*Administrator/);
    await user.click(within(alert).getByRole('button', { name: 'Save mine over theirs' }));
    await waitFor(() => expect(api.sent('POST', '/api/edituser')).toHaveLength(2));
    expect(api.sent('POST', '/api/edituser')[1].body).toMatchObject({ role: 'PRIVILEGE', updatedAt: theirs.updatedAt });
    expect(await screen.findByTestId('location')).toHaveTextContent('/users');
  });

  it('sends the full name signatures show, trimmed, and an emptied one to clear it', async () => {
    const named = { ...opened, fullName: 'Quinn Abel' };
    const api = fakeApi({
      'GET /api/getuser/U1': ok(named),
      'POST /api/edituser': ok(named, 'User updated'),
    });
    const user = userEvent.setup();
    const view = renderAt('/users/edituser/U1', [
      { path: '/users/edituser/:userId', element: <EditUserPage /> },
      { path: '/users', element: <LocationProbe /> },
    ]);
    const field = await screen.findByLabelText(/^Full name/);
    expect(field).toHaveValue('Quinn Abel');
    await user.clear(field);
    await user.type(field, '  Quinn M. Abel ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('POST', '/api/edituser')).toHaveLength(1));
    expect(api.sent('POST', '/api/edituser')[0].body).toMatchObject({ _id: 'U1', fullName: 'Quinn M. Abel', role: 'PRIVILEGE' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/users');
    view.unmount();

    renderAt('/users/edituser/U1', [{ path: '/users/edituser/:userId', element: <EditUserPage /> }]);
    await user.clear(await screen.findByLabelText(/^Full name/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('POST', '/api/edituser')).toHaveLength(2));
    expect(api.sent('POST', '/api/edituser')[1].body).toMatchObject({ fullName: '' });
  });
});
