import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/test/render';
import { failed, fakeApi } from '../../testing/fake-api';
import { LEVELS, PLANT, recipe } from '../../testing/fixtures';
import { ok } from '../../testing/reply';
import { signedIn } from '../../testing/screen-setup';
import type { RecipeRecord } from '../../api/recipes-api';
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

function show(onClose = vi.fn(), over: Partial<RecipeRecord> = {}) {
  const record = recipe({ _id: V, version: 2, latestVersion: 2, ...over });
  renderAt('/', [{ path: '/', element: <ReleaseDialog record={record} levels={LEVELS} plant={indexPlant(PLANT)} opened onClose={onClose} /> }]);
  return onClose;
}

/** At Trial already: Production, which is signed, comes next. */
const atTrial: Partial<RecipeRecord> = { status: 'RELEASED', locked: true, levels: [{ level: 1, code: 'TRIAL', name: 'Trial', releasedAt: '2026-11-20T09:00:00Z', releasedBy: 'anna@plant.test' }] };
const toProduction = {
  ...validated([]),
  [`GET /api/recipes/${V}/diff?level=2`]: ok({ ...setpointChanged, from: null }),
};

/** Types the password and picks the meaning named `meaning` in the dialog. */
async function sign(user: ReturnType<typeof userEvent.setup>, password: string, meaning: string) {
  await user.type(screen.getByLabelText(/^Your password/), password);
  await user.click(screen.getByTestId('signature-meaning'));
  await user.click(await screen.findByRole('option', { name: meaning }));
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

    // A lower level is not signed.
    expect(screen.queryByTestId('signature-fields')).toBeNull();
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

  describe('to the production level', () => {
    it('asks for the signature, holds the release until password and meaning are given, and sends them', async () => {
      const api = fakeApi({
        ...toProduction,
        'GET /api/signaturemeanings': ok([{ _id: 'SM1', code: 'QA_RELEASE', name: 'QA release' }]),
        'POST /api/recipes/releaselevel': ok(recipe({ _id: V, status: 'RELEASED' }), 'Version 2 of GROWER released to Production'),
      });
      const user = userEvent.setup();
      const onClose = show(vi.fn(), atTrial);
      expect(await screen.findByTestId('release-no-problems')).toBeInTheDocument();
      const fields = screen.getByTestId('signature-fields');
      expect(fields).toHaveTextContent('Your electronic signature: who you are, what it means and when is kept with the record.');
      expect(screen.getByTestId('release-signature-needed')).toHaveTextContent('Releasing to Production needs your electronic signature.');
      expect(screen.getByLabelText(/^Your password/)).toHaveAttribute('autocomplete', 'current-password');
      const confirm = screen.getByRole('button', { name: 'Release to Production' });
      expect(confirm).toBeDisabled();

      await user.type(screen.getByLabelText(/^Your password/), 'secret-1');
      expect(confirm).toBeDisabled();
      await user.click(screen.getByTestId('signature-meaning'));
      // The built-in meanings, then the plant's own.
      await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Reviewed', 'Approved', 'QA release']));
      await user.click(screen.getByRole('option', { name: 'Approved' }));
      expect(confirm).toBeEnabled();

      await user.click(confirm);
      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(api.sent('POST', '/api/recipes/releaselevel')[0].body).toEqual({ id: V, level: 2, signature: { password: 'secret-1', meaning: 'APPROVED' } });
      expect(await screen.findByText('Version 2 of GROWER released to Production')).toBeInTheDocument();
    });

    it('keeps the dialog open with the server’s refusal, the password to be typed again', async () => {
      const wrong = 'The password is not right: nothing was signed or released.';
      const api = fakeApi({ ...toProduction, 'POST /api/recipes/releaselevel': failed(403, wrong) });
      const user = userEvent.setup();
      const onClose = show(vi.fn(), atTrial);
      await screen.findByTestId('release-no-problems');
      await sign(user, 'wrong', 'Reviewed');
      await user.click(screen.getByTestId('release-confirm'));
      expect(await screen.findByTestId('release-refused')).toHaveTextContent(wrong);
      expect(api.sent('POST', '/api/recipes/releaselevel')[0].body).toMatchObject({ signature: { password: 'wrong', meaning: 'REVIEWED' } });
      expect(onClose).not.toHaveBeenCalled();
      expect(screen.getByTestId('release-dialog')).toBeInTheDocument();
      expect(screen.getByLabelText(/^Your password/)).toHaveValue('');
      expect(screen.getByTestId('release-confirm')).toBeDisabled();
    });

    it('shows a throttled signer the server’s words, and a field error at its field', async () => {
      let calls = 0;
      fakeApi({
        ...toProduction,
        'POST /api/recipes/releaselevel': () =>
          ++calls === 1
            ? failed(400, 'Invalid input', { 'signature.meaning': '“OLD” is not a meaning of signatures in this plant.' })
            : failed(429, 'Too many failed sign-in attempts. Try again in 60 seconds.'),
      });
      const user = userEvent.setup();
      show(vi.fn(), atTrial);
      await screen.findByTestId('release-no-problems');
      await sign(user, 'secret-1', 'Approved');
      await user.click(screen.getByTestId('release-confirm'));
      expect(await screen.findByText('“OLD” is not a meaning of signatures in this plant.')).toBeInTheDocument();
      expect(screen.getByTestId('signature-meaning')).toHaveAttribute('aria-invalid', 'true');
      expect(screen.queryByTestId('release-refused')).toBeNull();

      await user.click(screen.getByTestId('release-confirm'));
      expect(await screen.findByTestId('release-refused')).toHaveTextContent('Too many failed sign-in attempts. Try again in 60 seconds.');
      expect(screen.getByLabelText(/^Your password/)).toHaveValue('');
    });
  });
});

describe('the release dialog of a user who may not list the meanings', () => {
  signedIn('PRIVILEGE', ['RECIPE_UPDATE', 'RECIPE_APPROVE']);

  it('offers the built-in meanings without asking for the plant’s own', async () => {
    const api = fakeApi(toProduction);
    const user = userEvent.setup();
    show(vi.fn(), atTrial);
    await screen.findByTestId('release-no-problems');
    await user.click(screen.getByTestId('signature-meaning'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Reviewed', 'Approved']);
    expect(api.sent('GET', '/api/signaturemeanings')).toHaveLength(0);
  });
});
