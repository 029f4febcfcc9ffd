import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LocationProbe, renderAt } from '@/test/render';
import EditRecipeScreen from '../../screens/edit-screen';
import { failed, fakeApi } from '../../testing/fake-api';
import { plantRoutes, recipe } from '../../testing/fixtures';
import { ok } from '../../testing/reply';
import { signedIn } from '../../testing/screen-setup';

const show = (id = 'V1') =>
  renderAt(`/recipemanagement/recipes/editrecipe/${id}`, [
    {
      path: '/recipemanagement/recipes/editrecipe/:id',
      element: (
        <>
          <EditRecipeScreen />
          <LocationProbe />
        </>
      ),
    },
  ]);

const box = (name: string) => screen.getByRole('textbox', { name });
const select = (name: string) => screen.getByRole('combobox', { name });

signedIn();

describe('the recipe editor', () => {
  it('offers on each scale only the materials it can dose, and shows the totals against the batch', async () => {
    fakeApi({ ...plantRoutes(), 'GET /api/recipes/V1': ok(recipe()) });
    const user = userEvent.setup();
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit recipe GROWER · version 1' })).toBeInTheDocument();
    await screen.findByTestId('weighing-editor');
    expect(screen.getByTestId('weighing-totals')).toHaveTextContent('Total 1,000 kg of 1,000 kg batch (100 %)');
    expect(screen.getByTestId('weighing-totals')).toHaveTextContent('Remaining 0 kg');
    // 39 % of the batch, said in kg too.
    expect(screen.getByText('= 390 kg')).toBeInTheDocument();

    await user.click(select('Material, item 1 on S-MAJOR'));
    const major = screen.getAllByRole('listbox').at(-1)!;
    expect(within(major).getAllByRole('option').map((o) => o.textContent)).toEqual(['CORN · Corn', 'SOY · Soy meal']);
    await user.keyboard('{Escape}');
    await user.click(select('Material, item 1 on S-MICRO'));
    const micro = screen.getAllByRole('listbox').at(-1)!;
    expect(within(micro).getAllByRole('option').map((o) => o.textContent)).toEqual(['PREMIX · Premix', 'SALT · Salt']);
  });

  it('switches a setpoint to percent keeping the amount, and moves an item down with a button', async () => {
    fakeApi({ ...plantRoutes(), 'GET /api/recipes/V1': ok(recipe()) });
    const user = userEvent.setup();
    show();
    await screen.findByTestId('weighing-editor');
    const unit = screen.getByRole('radiogroup', { name: 'Unit of Setpoint, item 1 on S-MAJOR' });
    await user.click(within(unit).getByLabelText('%'));
    expect(box('Setpoint, item 1 on S-MAJOR')).toHaveValue('60');
    expect(screen.getByText('= 600 kg')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move item 1 on S-MAJOR down' }));
    expect(select('Material, item 1 on S-MAJOR')).toHaveValue('SOY · Soy meal');
    expect(select('Material, item 2 on S-MAJOR')).toHaveValue('CORN · Corn');
    expect(screen.getByRole('button', { name: 'Move item 1 on S-MAJOR up' })).toBeDisabled();
  });

  it('shows the server’s errors on the fields they name and the others in the summary', async () => {
    const api = fakeApi({
      ...plantRoutes(),
      'GET /api/recipes/V1': ok(recipe()),
      'POST /api/recipes/edit/V1': failed(400, 'Some fields are invalid', {
        'weighingItems[1].tolerance': 'Weighing 2 (CORN): The tolerance must be greater than 0',
        'weighingItems[2].feedingPointId': 'Weighing 3 (PREMIX): The feeding point does not exist on this line',
        'mixingItems[0].parameters[0].value': 'Mixing step 1 (DRY_MIX): SPEED: 70 is above the maximum of 60',
      }),
    });
    const user = userEvent.setup();
    show();
    await screen.findByTestId('weighing-editor');
    await user.click(screen.getByRole('button', { name: 'Move item 1 on S-MAJOR down' }));
    const tolerance = box('Tolerance, item 2 on S-MAJOR');
    await user.clear(tolerance);
    await user.type(tolerance, '0');
    await user.click(screen.getByTestId('recipe-save'));

    await waitFor(() => expect(box('Tolerance, item 2 on S-MAJOR')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Weighing 2 (CORN): The tolerance must be greater than 0')).toBeInTheDocument();
    expect(box('SPEED · Speed, Step 1')).toHaveAttribute('aria-invalid', 'true');
    const summary = screen.getByTestId('error-summary');
    expect(summary).toHaveTextContent('2 fields are marked below');
    expect(within(summary).getByTestId('error-other')).toHaveTextContent('Weighing 3 (PREMIX): The feeding point does not exist on this line');
    expect(box('Tolerance, item 2 on S-MAJOR')).toHaveFocus();

    const sent = api.sent('POST', '/api/recipes/edit/V1')[0].body as { weighingItems: Array<{ materialId: string; sequence: number; tolerance: number }> };
    expect(sent.weighingItems.map((w) => [w.materialId, w.sequence, w.tolerance])).toEqual([
      ['M-SOY', 1, 1],
      ['M-CORN', 2, 0],
      ['M-PREMIX', 1, 0.1],
    ]);

    await user.type(box('Tolerance, item 2 on S-MAJOR'), '.5');
    expect(box('Tolerance, item 2 on S-MAJOR')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps the draft when someone saved the version meanwhile, compares it and saves over theirs', async () => {
    const said = 'anna@plant.test saved this at 2026-11-27 02:10 Europe/Berlin, after you opened it. Reload to see their change, or compare it with yours.';
    let reads = 0;
    let saves = 0;
    const opened = recipe({ updatedAt: '2026-11-27T01:00:00.000001Z' });
    const theirs = recipe({ name: 'Grower plus', product: 'Grower pellets', updatedAt: '2026-11-27T01:10:00.000002Z', updatedBy: 'anna@plant.test' });
    const api = fakeApi({
      ...plantRoutes(),
      'GET /api/recipes/V1': () => ok(++reads === 1 ? opened : theirs),
      'POST /api/recipes/edit/V1': () => (++saves === 1 ? failed(409, said, { updatedAt: said }) : ok({ ...theirs, name: 'Grower mine', updatedAt: '2026-11-27T01:20:00Z' }, 'Recipe saved')),
    });
    const user = userEvent.setup();
    show();
    await screen.findByTestId('weighing-editor');
    await user.clear(box('Name'));
    await user.type(box('Name'), 'Grower mine');
    await user.click(screen.getByTestId('recipe-save'));

    const alert = await screen.findByTestId('stale-edit');
    expect(alert).toHaveTextContent(said);
    expect(box('Name')).toHaveValue('Grower mine');
    expect(api.sent('POST', '/api/recipes/edit/V1')[0].body).toMatchObject({ name: 'Grower mine', updatedAt: opened.updatedAt });
    await user.click(within(alert).getByRole('button', { name: 'Compare with the saved version' }));
    const table = await within(alert).findByTestId('stale-compare');
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).closest('tr')!;
    expect(row('Name')).toHaveTextContent(/Grower mine.*Grower plus/);
    expect(row('Product')).toHaveTextContent(/Broiler grower crumble.*Grower pellets/);
    expect(within(table).queryByRole('rowheader', { name: 'Weighing items' })).toBeNull();

    await user.click(within(alert).getByRole('button', { name: 'Save mine over theirs' }));
    await waitFor(() => expect(api.sent('POST', '/api/recipes/edit/V1')).toHaveLength(2));
    expect(api.sent('POST', '/api/recipes/edit/V1')[1].body).toMatchObject({ name: 'Grower mine', updatedAt: theirs.updatedAt });
    await waitFor(() => expect(screen.queryByTestId('stale-edit')).toBeNull());
  });

  it('validates the saved version with the three checks and marks the fields they name', async () => {
    const problem = { field: 'weighingItems[2].setpoint', item: 'Weighing 3 (PREMIX)', message: 'Weighing 3 (PREMIX): 0.01 kg is below the smallest weight of scale S-MICRO (0.05 kg)', blocking: false };
    const api = fakeApi({
      ...plantRoutes(),
      'GET /api/recipes/V1': ok(recipe()),
      'POST /api/recipeweighings/validaterecipe': ok({ valid: false, recipeValid: false, problems: [problem] }),
      'POST /api/recipemixings/validaterecipe': ok({ valid: true, recipeValid: false, problems: [] }),
      'POST /api/recipemiscellaneous/validaterecipe': ok({ valid: true, recipeValid: false, problems: [] }),
    });
    const user = userEvent.setup();
    show();
    await screen.findByTestId('weighing-editor');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByTestId('validation-problems')).toHaveTextContent('One problem');
    expect(box('Setpoint, item 1 on S-MICRO')).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('POST', '/api/recipemixings/validaterecipe')[0].body).toEqual({ recipeId: 'V1' });
    expect(api.sent('POST', '/api/recipes/edit/V1')).toHaveLength(0);
  });

  it('validates unsaved changes as shown, without saving them', async () => {
    const api = fakeApi({
      ...plantRoutes(),
      'GET /api/recipes/V1': ok(recipe()),
      'POST /api/recipeweighings/validaterecipe': ok({ valid: true, recipeValid: true, problems: [] }),
      'POST /api/recipemixings/validaterecipe': ok({ valid: true, recipeValid: true, problems: [] }),
      'POST /api/recipemiscellaneous/validaterecipe': ok({ valid: true, recipeValid: true, problems: [] }),
    });
    const user = userEvent.setup();
    show();
    await screen.findByTestId('weighing-editor');
    const tolerance = box('Tolerance, item 2 on S-MAJOR');
    await user.clear(tolerance);
    await user.type(tolerance, '3');
    await user.click(screen.getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(api.sent('POST', '/api/recipeweighings/validaterecipe')).toHaveLength(1));
    const sent = api.sent('POST', '/api/recipeweighings/validaterecipe')[0].body as { recipeId: string; document?: { weighingItems?: { tolerance?: number }[] } };
    expect(sent.recipeId).toBe('V1');
    expect(sent.document?.weighingItems?.[1]?.tolerance).toBe(3);
    expect(api.sent('POST', '/api/recipes/edit/V1')).toHaveLength(0);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('shows a released version read-only and opens a new version’s editor', async () => {
    const api = fakeApi({
      ...plantRoutes(),
      'GET /api/recipes/V1': ok(recipe({ locked: true, status: 'RELEASED' })),
      'POST /api/recipes/createnewrecipeverison': ok(recipe({ _id: 'V2', version: 2 }), 'Version 2 of GROWER created'),
      'GET /api/recipes/V2': ok(recipe({ _id: 'V2', version: 2, latestVersion: 2 })),
    });
    const user = userEvent.setup();
    show();
    expect(await screen.findByTestId('recipe-locked')).toHaveTextContent('Version 1 of GROWER is released');
    expect(screen.queryByTestId('recipe-editor')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create a new version' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/recipemanagement/recipes/editrecipe/V2'));
    expect(api.sent('POST', '/api/recipes/createnewrecipeverison')[0].body).toEqual({ id: 'V1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit recipe GROWER · version 2' })).toBeInTheDocument();
  });
});
