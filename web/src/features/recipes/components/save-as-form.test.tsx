import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LocationProbe, renderAt } from '@/test/render';
import SaveAsScreen from '../screens/save-as-screen';
import { failed, fakeApi } from '../testing/fake-api';
import { recipe } from '../testing/fixtures';
import { ok } from '../testing/reply';
import { signedIn } from '../testing/screen-setup';

const show = () =>
  renderAt('/recipemanagement/recipes/V1/saveAs', [
    {
      path: '/recipemanagement/recipes/:id/saveAs',
      element: (
        <>
          <SaveAsScreen />
          <LocationProbe />
        </>
      ),
    },
    { path: '/recipemanagement/recipes/editrecipe/:id', element: <LocationProbe /> },
  ]);

signedIn();

describe('save as', () => {
  it('lists what the target line lacks item by item, and puts field messages on their fields', async () => {
    fakeApi({
      'GET /api/recipes/V1': ok(recipe()),
      'PUT /api/recipes/V1/saveAs': failed(400, 'Some fields are invalid', {
        code: 'This field is required',
        'weighingItems[1].materialId': 'Material: SOY does not exist on line ML3',
        'mixingItems[0].mixingActionId': 'Mixing action: DRY_MIX does not exist on line ML3',
      }),
    });
    const user = userEvent.setup();
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Save GROWER version 1 as' })).toBeInTheDocument();
    await user.click(screen.getByTestId('save-as-submit'));
    const items = await screen.findByTestId('save-as-items');
    expect(within(items).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Material: SOY does not exist on line ML3',
      'Mixing action: DRY_MIX does not exist on line ML3',
    ]);
    expect(screen.getByRole('textbox', { name: /New code/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('copies onto another line and opens the new recipe’s editor', async () => {
    const api = fakeApi({
      'GET /api/recipes/V1': ok(recipe()),
      'PUT /api/recipes/V1/saveAs': ok(recipe({ _id: 'N1', code: 'GROWER-B', lineId: 'L2' }), 'Saved as recipe GROWER-B'),
    });
    const user = userEvent.setup();
    show();
    await user.type(await screen.findByRole('textbox', { name: /New code/ }), 'GROWER-B');
    await user.click(screen.getByRole('combobox', { name: /Target line/ }));
    await user.click(screen.getByRole('option', { name: 'Line 2' }));
    await user.click(screen.getByTestId('save-as-submit'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/recipemanagement/recipes/editrecipe/N1'));
    expect(api.sent('PUT', '/api/recipes/V1/saveAs')[0].body).toEqual({ lineId: 'L2', code: 'GROWER-B', name: 'Grower', description: null });
  });
});
