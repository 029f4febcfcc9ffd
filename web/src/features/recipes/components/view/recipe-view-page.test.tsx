import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/test/render';
import RecipeViewScreen from '../../screens/view-screen';
import { fakeApi } from '../../testing/fake-api';
import { LEVELS, plantRoutes, recipe } from '../../testing/fixtures';
import { ok } from '../../testing/reply';
import { signedIn } from '../../testing/screen-setup';

const released = recipe({
  status: 'RELEASED',
  locked: true,
  lockedAt: '2026-11-20T09:00:00Z',
  latestVersion: 2,
  levels: [{ level: 1, code: 'TRIAL', name: 'Trial', releasedAt: '2026-11-20T09:00:00Z', releasedBy: 'ben@plant.test' }],
});
const draft2 = recipe({ _id: 'V2', version: 2, latestVersion: 2 });
const json = (v: unknown) => v as Record<string, unknown>;

const routes = {
  ...plantRoutes(),
  'GET /api/recipes/V1': ok(released),
  'GET /api/allrecipeversions/G1': ok([draft2, released]),
  'GET /api/recipes/releaselevels': ok(LEVELS),
  'GET /api/recipes/V1/history': ok([
    { at: '2026-11-20T08:00:00Z', actor: 'anna@plant.test', action: 'created', after: json({}) },
    { at: '2026-11-20T08:30:00Z', actor: 'anna@plant.test', action: 'updated', before: json({ batchSizeKg: 900 }), after: json({ batchSizeKg: 1000 }) },
    { at: '2026-11-20T09:00:00Z', actor: 'ben@plant.test', action: 'released', detail: json({ level: 1 }) },
  ]),
};

const show = () => renderAt('/recipemanagement/recipes/view/G1/V1', [{ path: '/recipemanagement/recipes/view/:id/:versionId', element: <RecipeViewScreen /> }]);

signedIn();

describe('the recipe view', () => {
  it('shows the facts, who released which level, the steps grouped by scale, the versions and the history', async () => {
    fakeApi(routes);
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Recipe GROWER · version 1' })).toBeInTheDocument();
    expect(await screen.findByTestId('held-levels')).toHaveTextContent(/Trial: released by ben@plant\.test on/);
    const weighing = await screen.findByTestId('view-weighing');
    await waitFor(() => expect(weighing).toHaveTextContent('Scale S-MAJOR · Major'));
    expect(weighing).toHaveTextContent('Subtotal S-MAJOR990 kg');
    expect(screen.getByTestId('view-total')).toHaveTextContent('Total 1,000 kg of 1,000 kg batch (100 %)');
    expect(screen.getByTestId('view-mixing')).toHaveTextContent('SPEED · Speed = 40 rpm');
    expect(screen.getByTestId('view-misc')).toHaveTextContent('82 °C');

    const versions = await screen.findByTestId('version-list');
    expect(within(versions).getByRole('link', { name: 'Version 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(versions).getByRole('link', { name: 'Version 2' })).toHaveAttribute('href', '/recipemanagement/recipes/view/G1/V2');

    const history = await screen.findByTestId('history-list');
    expect(history).toHaveTextContent('Batch size: 900 → 1,000');
    expect(history).toHaveTextContent('Released to Trial');
    // Locked: a new version instead of Edit; Production is the next level.
    expect(screen.getByTestId('view-new-version')).toBeInTheDocument();
    expect(screen.queryByTestId('view-edit')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('view-release')).toBeEnabled());
  });

  it('lists the electronic signatures of its releases with meaning, signer, time, zone, level and the two-person rule', async () => {
    const signed = recipe({
      ...released,
      signatures: [
        { id: 'SG1', purpose: 'RECIPE_RELEASE', level: 1, signer: 'ben@plant.test', signerName: 'ben@plant.test', meaning: 'REVIEWED', meaningName: 'Reviewed', signedAt: '2026-11-20T09:00:00Z', signedLocal: '2026-11-20 10:00:00', zone: 'Europe/Amsterdam', twoPerson: false },
        { id: 'SG2', purpose: 'RECIPE_RELEASE', level: 2, signer: 'qa@plant.test', signerName: 'Quinn Abel', meaning: 'APPROVED', meaningName: 'Approved', signedAt: '2026-11-21T09:00:00Z', signedLocal: '2026-11-21 10:00:00', zone: 'Europe/Amsterdam', twoPerson: true },
      ],
    });
    fakeApi({ ...routes, 'GET /api/recipes/V1': ok(signed) });
    show();
    const list = await screen.findByTestId('signature-list');
    expect(screen.getByRole('heading', { level: 2, name: 'Electronic signatures' })).toBeInTheDocument();
    const items = within(list).getAllByTestId('signature-item');
    expect(items.map((i) => i.getAttribute('data-meaning'))).toEqual(['REVIEWED', 'APPROVED']);
    await waitFor(() => expect(items[0]).toHaveTextContent('ReviewedRelease to Trial, signed by ben@plant.test on 2026-11-20 10:00:00 (Europe/Amsterdam)'));
    expect(within(items[0]).queryByTestId('signature-two-person')).toBeNull();
    expect(items[1]).toHaveTextContent('ApprovedRelease to Production, signed by Quinn Abel (qa@plant.test) on 2026-11-21 10:00:00 (Europe/Amsterdam)');
    expect(within(items[1]).getByTestId('signature-two-person')).toHaveTextContent('Two-person rule');
  });

  it('says when a version has no signature', async () => {
    fakeApi(routes);
    show();
    expect(await screen.findByTestId('signature-none')).toHaveTextContent('No electronic signatures.');
  });

  it('downloads the PDF of the version with the POST of §7', async () => {
    const api = fakeApi({ ...routes, 'POST /api/recipes/generatePdf': { raw: '%PDF-1.7 recipe', type: 'application/pdf' } });
    // jsdom has no object URLs: these two stand in for this test only.
    const created = vi.fn(() => 'blob:recipe');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    show();
    await user.click(await screen.findByTestId('view-pdf'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.sent('POST', '/api/recipes/generatePdf')[0].body).toEqual({ id: 'V1' });
    expect(created).toHaveBeenCalledWith(expect.any(Blob));
    expect((click.mock.instances[0] as HTMLAnchorElement).download).toBe('GROWER-v1.pdf');
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
});
