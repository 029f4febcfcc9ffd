import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/test/render';
import { failed, fakeApi } from '../../testing/fake-api';
import { LEVELS, PLANT, recipe } from '../../testing/fixtures';
import { ok } from '../../testing/reply';
import { signedIn } from '../../testing/screen-setup';
import { indexPlant } from '../../utils/plant-index';
import { ReleaseDialog } from './release-dialog';

const V = 'V2';
const validated = (problems: Array<{ field: string; message: string; blocking?: boolean }>) => ({
  'POST /api/recipeweighings/validaterecipe': ok({ valid: problems.length === 0, recipeValid: problems.length === 0, problems: problems.map((p) => ({ item: null, blocking: false, ...p })) }),
  'POST /api/recipemixings/validaterecipe': ok({ valid: true, recipeValid: problems.length === 0, problems: [] }),
  'POST /api/recipemiscellaneous/validaterecipe': ok({ valid: true, recipeValid: problems.length === 0, problems: [] }),
});
const json = (v: unknown) => v as Record<string, unknown>;
const setpointChanged = {
  from: { _id: 'V1', version: 1 },
  to: { _id: V, version: 2 },
  labels: { S1: 'S-MAJOR', 'M-CORN': 'CORN' },
  diff: {
    header: [],
    weighingItems: [
      {
        change: 'CHANGED',
        key: 'S1/M-CORN',
        old: json({ scaleId: 'S1', materialId: 'M-CORN', setpoint: 600 }),
        new: json({ scaleId: 'S1', materialId: 'M-CORN', setpoint: 550 }),
        fields: [{ field: 'setpoint', old: 600, new: 550 }],
      },
    ],
    mixingItems: [],
    miscellaneousItems: [],
  },
};

function show(onClose = vi.fn()) {
  const record = recipe({ _id: V, version: 2, latestVersion: 2 });
  renderAt('/', [{ path: '/', element: <ReleaseDialog record={record} levels={LEVELS} plant={indexPlant(PLANT)} opened onClose={onClose} /> }]);
  return onClose;
}

signedIn();

describe('the release dialog', () => {
  it('lists the problems of the three checks and holds the release back', async () => {
    fakeApi({
      ...validated([{ field: 'weighingItems', message: 'The weighing items add up to 990 kg; the batch size is 1000 kg' }, { field: 'batchSizeKg', message: 'Too big', blocking: true }]),
      [`GET /api/recipes/${V}/diff?level=1`]: ok({ ...setpointChanged, from: null }),
    });
    show();
    const problems = await screen.findByTestId('release-problems');
    expect(within(problems).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'The weighing items add up to 990 kg; the batch size is 1000 kg',
      'blocks savingToo big',
    ]);
    expect(screen.getByText('2 problems hold the release back:')).toBeInTheDocument();
    expect(screen.getByTestId('release-confirm')).toBeDisabled();
    expect(await screen.findByTestId('diff-first')).toHaveTextContent('No version holds Trial yet.');
  });

  it('shows the changes against the version holding the level, old → new, and releases', async () => {
    const api = fakeApi({
      ...validated([]),
      [`GET /api/recipes/${V}/diff?level=1`]: ok(setpointChanged),
      'POST /api/recipes/releaselevel': ok(recipe({ _id: V, status: 'RELEASED' }), 'Version 2 of GROWER released to Trial'),
    });
    const user = userEvent.setup();
    const onClose = show();
    expect(await screen.findByTestId('release-no-problems')).toHaveTextContent('No problems: the recipe can be released.');
    const diff = await screen.findByTestId('diff-view');
    expect(diff).toHaveTextContent('CORN · Corn on S-MAJOR · Major');
    expect(within(diff).getByTestId('diff-value')).toHaveTextContent('Setpoint: 600 → 550');
    expect(screen.getByText('Version 1 holds Trial now.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Release to Trial' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.sent('POST', '/api/recipes/releaselevel')[0].body).toEqual({ id: V, level: 1 });
    expect(await screen.findByText('Version 2 of GROWER released to Trial')).toBeInTheDocument();
  });

  it('says when nothing differs, and shows a refusal of the server in the dialog', async () => {
    fakeApi({
      ...validated([]),
      [`GET /api/recipes/${V}/diff?level=1`]: ok({ ...setpointChanged, diff: { header: [], weighingItems: [], mixingItems: [], miscellaneousItems: [] } }),
      'POST /api/recipes/releaselevel': failed(409, 'Version 2 must be released to Trial before Production'),
    });
    const user = userEvent.setup();
    show();
    expect(await screen.findByTestId('diff-none')).toHaveTextContent('No differences');
    await waitFor(() => expect(screen.getByTestId('release-confirm')).toBeEnabled());
    await user.click(screen.getByTestId('release-confirm'));
    expect(await screen.findByTestId('release-refused')).toHaveTextContent('Version 2 must be released to Trial before Production');
  });
});
