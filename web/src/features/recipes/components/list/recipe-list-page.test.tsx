import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LocationProbe, renderAt } from '@/test/render';
import RecipeListScreen from '../../screens/list-screen';
import { failed, fakeApi } from '../../testing/fake-api';
import { LEVELS, recipe } from '../../testing/fixtures';
import { ok } from '../../testing/reply';
import { signedIn } from '../../testing/screen-setup';

const held = (level: number, name: string) => ({ level, code: name.toUpperCase(), name, releasedAt: '2026-11-20T09:00:00Z', releasedBy: 'anna@plant.test' });
const grower = recipe({ _id: 'V2', version: 2, latestVersion: 2 });
const grower1 = recipe({ status: 'RELEASED', locked: true, latestVersion: 2, levels: [held(1, 'Trial')] });
const layer = recipe({ _id: 'LV3', recipeGroupId: 'G2', code: 'LAYER', name: 'Layer mash', product: 'Layer', lineId: 'L2', version: 3, latestVersion: 3, status: 'RELEASED', locked: true, levels: [held(1, 'Trial'), held(2, 'Production')] });

const routes = (lineQuery = '') => ({
  [`GET /api/recipes${lineQuery}`]: ok([layer, grower]),
  [`GET /api/releasedrecipes${lineQuery}`]: ok([grower1, layer]),
  'GET /api/recipes/releaselevels': ok(LEVELS),
});

const show = (path = '/recipemanagement/recipes') =>
  renderAt(path, [
    {
      path: '/recipemanagement/recipes',
      element: (
        <>
          <RecipeListScreen />
          <LocationProbe />
        </>
      ),
    },
  ]);

const codes = () => within(screen.getByTestId('recipe-table')).getAllByRole('row').slice(1).map((r) => r.getAttribute('data-code'));

describe('the recipe list', () => {
  describe('for a user who may do everything', () => {
    signedIn();

    it('lists the latest versions of all lines with status, levels held and the actions that fit', async () => {
      fakeApi(routes());
      show();
      await screen.findByTestId('recipe-table');
      expect(codes()).toEqual(['GROWER', 'LAYER']);
      const row = screen.getByRole('row', { name: /GROWER/ });
      expect(within(row).getByTestId('recipe-status')).toHaveTextContent('Draft');
      // Trial is held by version 1 while version 2 is drafted.
      expect(within(row).getByTestId('recipe-level')).toHaveTextContent('Trial · v1');
      expect(within(row).getByRole('link', { name: 'Edit GROWER' })).toHaveAttribute('href', '/recipemanagement/recipes/editrecipe/V2');
      const layerRow = screen.getByRole('row', { name: /LAYER/ });
      expect(within(layerRow).queryByRole('link', { name: 'Edit LAYER' })).toBeNull();
      expect(within(layerRow).getByRole('button', { name: 'New version of LAYER' })).toBeInTheDocument();
      expect(within(layerRow).getByText('Line 2')).toBeInTheDocument();
      expect(screen.getByTestId('recipe-new')).toHaveAttribute('href', '/recipemanagement/recipes/addrecipe');
    });

    it('narrows by search, status and level, keeping them in the URL', async () => {
      fakeApi(routes());
      const user = userEvent.setup();
      show();
      await screen.findByTestId('recipe-table');
      await user.type(screen.getByRole('searchbox', { name: /Search/ }), 'mash');
      await waitFor(() => expect(codes()).toEqual(['LAYER']));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('search=mash'));
      await user.clear(screen.getByRole('searchbox', { name: /Search/ }));
      await waitFor(() => expect(codes()).toEqual(['GROWER', 'LAYER']));

      await user.click(screen.getByRole('combobox', { name: 'Release level' }));
      await user.click(screen.getByRole('option', { name: 'Production' }));
      await waitFor(() => expect(codes()).toEqual(['LAYER']));
      await user.click(screen.getByRole('combobox', { name: 'Status' }));
      await user.click(screen.getByRole('option', { name: 'Draft' }));
      expect(await screen.findByTestId('recipe-empty')).toHaveTextContent('No recipes match the search or filters.');
      expect(screen.getByTestId('location')).toHaveTextContent('level=2');
      expect(screen.getByTestId('location')).toHaveTextContent('status=DRAFT');
    });

    it('asks for the line it shows', async () => {
      const api = fakeApi(routes('?lineId=L2'));
      show('/recipemanagement/recipes?lineId=L2');
      await screen.findByTestId('recipe-table');
      expect(api.sent('GET', '/api/recipes?lineId=L2')).toHaveLength(1);
      expect(screen.getByTestId('recipe-new')).toHaveAttribute('href', '/recipemanagement/recipes/addrecipe?lineId=L2');
    });

    it('deletes after asking, and shows why the server refuses', async () => {
      // GROWER holds no release level here (its trial release reverted); LAYER is in production.
      const api = fakeApi({
        ...routes(),
        'GET /api/releasedrecipes': ok([layer]),
        'POST /api/recipes/deleterecipegroup': failed(409, 'Recipe GROWER cannot be deleted while batch B-1001 is running'),
      });
      const user = userEvent.setup();
      show();
      await screen.findByTestId('recipe-table');
      expect(screen.queryByRole('button', { name: 'Delete LAYER' })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Delete GROWER' }));
      expect(await screen.findByText('Delete recipe GROWER with all its versions (2)? This cannot be undone.')).toBeInTheDocument();
      await user.click(screen.getByTestId('confirm-delete'));
      expect(await screen.findByText('Recipe GROWER cannot be deleted while batch B-1001 is running')).toBeInTheDocument();
      expect(api.sent('POST', '/api/recipes/deleterecipegroup')[0].body).toMatchObject({ id: 'V2' });
    });
  });

  describe('for a user who may only read recipes', () => {
    signedIn('PRIVILEGE', ['RECIPE_READ']);

    it('offers view and PDF only', async () => {
      fakeApi(routes());
      show();
      await screen.findByTestId('recipe-table');
      const row = screen.getByRole('row', { name: /GROWER/ });
      expect(within(row).getByRole('link', { name: 'View GROWER' })).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: 'PDF of GROWER' })).toBeInTheDocument();
      expect(within(row).queryByRole('link', { name: 'Edit GROWER' })).toBeNull();
      expect(within(row).queryByRole('button', { name: 'Delete GROWER' })).toBeNull();
      expect(within(row).queryByRole('link', { name: 'Save GROWER as' })).toBeNull();
      expect(screen.queryByTestId('recipe-new')).toBeNull();
    });
  });
});
