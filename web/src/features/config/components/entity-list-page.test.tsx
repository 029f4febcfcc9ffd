import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { LocationProbe, renderAt } from '@/test/render';
import ListScreen from '../screens/list-screen';
import { fakeApi, ok } from '../testing/fake-api';
import { signedInWithLines } from '@/test/screen-setup';

const BASE = '/configurator/dosingandfeeding/scales';
const scales = [
  { _id: 'S1', lineId: 'L1', name: 'Main scale', code: 'SC1', type: 'MAJOR', capacityKg: 3000 },
  { _id: 'S2', lineId: 'L1', name: 'Micro scale', code: 'SC2', type: 'MICRO', capacityKg: 25 },
  { _id: 'S3', lineId: 'L1', name: 'Liquids', code: 'LQ1', type: 'LIQUID', capacityKg: 500 },
];

const show = (path: string) => renderAt(path, [{ path: BASE, element: (<><ListScreen /><LocationProbe /></>) }]);
const codes = () => screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[1].textContent);

signedInWithLines(2);

describe('configuration list screen', () => {
  it('lists the first line by default, with translated options and units in the headers', async () => {
    fakeApi({ 'GET /api/scales?lineId=L1': ok(scales) });
    show(BASE);
    expect(await screen.findByText('Main scale')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`${BASE}?lineId=L1`));
    expect(screen.getByRole('button', { name: 'Sort by Capacity (kg)' })).toBeInTheDocument();
    expect(within(screen.getByTestId('config-table')).getByText('Major ingredients')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit SC1' })).toHaveAttribute('href', `${BASE}/edit/S1`);
    expect(screen.getByRole('link', { name: 'View SC1' })).toHaveAttribute('href', `${BASE}/view/S1`);
    expect(screen.getByTestId('config-new')).toHaveAttribute('href', `${BASE}/new?lineId=L1`);
    // Scales can be imported from a file (not copied between lines): reachable from the list.
    expect(screen.getByRole('link', { name: 'Import from file' })).toHaveAttribute('href', '/import/scales');
    expect(screen.queryByRole('link', { name: 'Copy from another line' })).toBeNull();
  });

  it('sorts by a column header and keeps the order in the URL', async () => {
    fakeApi({ 'GET /api/scales?lineId=L1': ok(scales) });
    const user = userEvent.setup();
    show(`${BASE}?lineId=L1`);
    await screen.findByText('Main scale');
    await user.click(screen.getByRole('button', { name: 'Sort by Capacity (kg)' }));
    expect(codes()).toEqual(['SC2', 'LQ1', 'SC1']);
    await user.click(screen.getByRole('button', { name: 'Sort by Capacity (kg)' }));
    expect(codes()).toEqual(['SC1', 'LQ1', 'SC2']);
    expect(screen.getByTestId('location')).toHaveTextContent('sort=capacityKg&dir=desc');
    expect(screen.getByRole('columnheader', { name: /Capacity/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('restores search and sort from a shared link', async () => {
    fakeApi({ 'GET /api/scales?lineId=L1': ok(scales) });
    show(`${BASE}?lineId=L1&search=scale&sort=code&dir=desc`);
    await screen.findByText('Main scale');
    expect(codes()).toEqual(['SC2', 'SC1']);
    expect(screen.getByLabelText('Search')).toHaveValue('scale');
  });

  it('shows an empty state', async () => {
    fakeApi({ 'GET /api/scales?lineId=L2': ok([]) });
    show(`${BASE}?lineId=L2`);
    expect(await screen.findByTestId('config-empty')).toHaveTextContent('Scales: no records yet.');
  });

  it('asks before deleting and shows the server message, also when the record is still used', async () => {
    const api = fakeApi({
      'GET /api/scales?lineId=L1': ok(scales),
      'POST /api/scales/delete': (body) =>
        (body as { id: string }).id === 'S1'
          ? { status: 409, body: { success: false, message: 'Scale SC1 is still used by bin B1' } }
          : ok(null, 'Scale deleted'),
    });
    const user = userEvent.setup();
    show(`${BASE}?lineId=L1`);
    await screen.findByText('Main scale');
    await user.click(screen.getByRole('button', { name: 'Delete SC1' }));
    expect(await screen.findByText('Delete Scales SC1? This cannot be undone.')).toBeInTheDocument();
    await user.click(screen.getByTestId('confirm-delete'));
    expect(await screen.findByText('Scale SC1 is still used by bin B1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete SC2' }));
    await user.click(await screen.findByTestId('confirm-delete'));
    expect(await screen.findByText('Scale deleted')).toBeInTheDocument();
    expect(api.sent('POST', '/api/scales/delete').map((c) => c.body)).toEqual([{ id: 'S1' }, { id: 'S2' }]);
  });

  it('offers only what the user may do', async () => {
    useSession.setState({ role: 'PRIVILEGE', privileges: ['CONFIGURATOR_READ'] });
    fakeApi({ 'GET /api/scales?lineId=L1': ok(scales) });
    show(`${BASE}?lineId=L1`);
    await screen.findByText('Main scale');
    expect(screen.getByRole('link', { name: 'View SC1' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit SC1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete SC1' })).toBeNull();
    expect(screen.queryByTestId('config-new')).toBeNull();
    expect(screen.queryByTestId('config-import')).toBeNull();
  });

  it('names referenced records in the list', async () => {
    fakeApi({
      'GET /api/bins?lineId=L1': ok([{ _id: 'B1', lineId: 'L1', name: 'Maize', code: 'B01', scaleId: 'S1', capacityKg: 20000, binMaterials: [{ materialId: 'M1' }] }]),
      'GET /api/scales?lineId=L1': ok(scales),
      'GET /api/materialdirectory?lineId=L1': ok([{ _id: 'M1', code: 'MAIZE', name: 'Maize, ground' }]),
    });
    renderAt('/configurator/dosingandfeeding/bins?lineId=L1', [{ path: '/configurator/dosingandfeeding/bins', element: <ListScreen /> }]);
    await screen.findByText('B01');
    await waitFor(() => expect(screen.getByText('SC1')).toBeInTheDocument());
    expect(await screen.findByText('MAIZE')).toBeInTheDocument();
  });
});
