import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '@/test/render';
import BinAssignmentScreen from '../screens/bin-assignment-screen';
import { fakeApi, ok } from '../testing/fake-api';
import { signedInWithLines } from '@/test/screen-setup';

const PATH = '/recipemanagement/binassignment';
const bins = [
  { _id: 'B2', lineId: 'L1', code: 'B02', name: 'Soy', scaleId: 'S1', scale: { _id: 'S1', code: 'SC1', name: 'Main', type: 'MAJOR' }, binMaterials: [] },
  { _id: 'B1', lineId: 'L1', code: 'B01', name: 'Maize', scaleId: 'S1', scale: { _id: 'S1', code: 'SC1', name: 'Main', type: 'MAJOR' }, binMaterials: [{ materialId: 'M1', priority: 1 }] },
];
const materials = [
  { _id: 'M1', code: 'MAIZE', name: 'Maize', scaleIds: [], active: true },
  { _id: 'M2', code: 'SOY', name: 'Soybean meal', scaleIds: ['S1'], active: true },
  { _id: 'M3', code: 'PREMIX', name: 'Premix', scaleIds: ['S9'], active: true },
];
const input = (label: string) => screen.getAllByLabelText(label).find((el) => el.tagName === 'INPUT')!;

signedInWithLines(1);

describe('bin assignment', () => {
  it('shows each bin with its scale and active material, and saves the changed ones', async () => {
    let attempt = 0;
    const api = fakeApi({
      'GET /api/binswithscale?lineId=L1': ok(bins),
      'GET /api/materialdirectory?lineId=L1': ok(materials),
      'POST /api/bins/addmaterial': () =>
        ++attempt === 1
          ? { status: 400, body: { success: false, message: 'Material not allowed on this scale', errors: { 'binMaterials[0].materialId': 'Material not allowed on this scale' } } }
          : ok(null, 'Bin materials saved'),
    });
    const user = userEvent.setup();
    renderAt(PATH, [{ path: PATH, element: <BinAssignmentScreen /> }]);
    const table = await screen.findByTestId('bin-assignment-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['B01 – Maize', 'B02 – Soy']);
    expect(within(rows[0]).getByText('SC1 – Main · Major ingredients')).toBeInTheDocument();
    await waitFor(() => expect(input('Material for B01 – Maize')).toHaveValue('MAIZE – Maize'));
    expect(screen.getByTestId('save-assignment')).toBeDisabled();

    await user.click(input('Material for B02 – Soy'));
    const listbox = screen.getAllByRole('listbox', { name: 'Material for B02 – Soy' })[0];
    // Materials bound to another scale are not offered.
    expect(within(listbox).queryByText('PREMIX – Premix')).toBeNull();
    await user.click(within(listbox).getByRole('option', { name: 'SOY – Soybean meal' }));
    await user.type(input('Lot number for B02 – Soy'), 'L-77');
    await user.click(screen.getByTestId('save-assignment'));
    // At the bin (the notification says it too).
    expect(await within(table).findByText('Material not allowed on this scale')).toBeInTheDocument();
    expect(api.sent('POST', '/api/bins/addmaterial')[0].body).toEqual({ binMaterials: [{ binId: 'B2', materialId: 'M2', priority: 1, lot: 'L-77' }] });

    await user.click(screen.getByTestId('save-assignment'));
    expect(await screen.findByText('Bin materials saved')).toBeInTheDocument();
  });
});
