/**
 * Recipe management through the screens, against the real api: a line's equipment made over
 * the api, then a recipe created in the editor (the server's error shown on the tolerance it
 * names), viewed, released to Trial through the release dialog, changed in a new version whose
 * release shows the setpoint old → new, and filed as PDF; axe on the list, editor and view.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startApi, tokenFor, type ApiServer } from './support/api-server';
import { disconnect, newPage, notice, screenshot, seriousViolations, signIn, waitForPath } from './support/browser';
import { until } from './support/paths';

let api: ApiServer;
let token: string;
let lineId: string;

interface Created {
  data: { _id: string };
}

/** Creates a configuration record of the line over the api; its id. */
async function create(entity: string, body: Record<string, unknown>): Promise<string> {
  const res = await call<Created>(api, 'POST', `/api/${entity}/add`, { lineId, ...body }, token);
  if (res.status !== 200) throw new Error(`${entity}: ${JSON.stringify(res.body)}`);
  return res.body.data._id;
}

beforeAll(async () => {
  api = await startApi();
  token = await tokenFor(api, api.superEmail, api.superPassword, true);
  const line = await call<Created>(api, 'POST', '/api/lines/add', { name: 'Mash line', code: 'ML1', timezone: 'Europe/Amsterdam', mixerCapacityKg: 4000 }, token);
  expect(line.status).toBe(200);
  lineId = line.body.data._id;
  const major = await create('scales', { name: 'Major', code: 'S-MAJOR', type: 'MAJOR', capacityKg: 3000, minWeighKg: 5 });
  const micro = await create('scales', { name: 'Micro', code: 'S-MICRO', type: 'MICRO', capacityKg: 25, minWeighKg: 0.05 });
  const grains = await create('materialcategories', { name: 'Grains', code: 'GRAIN', allowedScaleIds: [major] });
  const micros = await create('materialcategories', { name: 'Micro ingredients', code: 'MICRO' });
  const corn = await create('materialdirectory', { name: 'CORN', code: 'CORN', materialCategoryId: grains });
  const soy = await create('materialdirectory', { name: 'SOY', code: 'SOY', materialCategoryId: grains });
  const premix = await create('materialdirectory', { name: 'PREMIX', code: 'PREMIX', materialCategoryId: micros });
  await create('bins', { name: 'Bin 1', code: 'BIN-01', scaleId: major, capacityKg: 20000, binMaterials: [{ materialId: corn }, { materialId: soy }] });
  await create('bins', { name: 'Bin 30', code: 'BIN-30', scaleId: micro, capacityKg: 500, binMaterials: [{ materialId: premix }] });
  const speed = await create('actionparameters', { name: 'Speed', code: 'SPEED', dataType: 'DECIMAL', min: 10, max: 60, unit: 'rpm' });
  await create('mixingactions', { name: 'Dry mix', code: 'DRY_MIX', parameters: [speed] });
  await create('miscellaneousparameters', { name: 'Conditioning temperature', code: 'COND_TEMP', dataType: 'DECIMAL', min: 60, max: 90, unit: '°C' });
});

afterAll(async () => {
  await disconnect();
  await api?.stop();
});

/** Picks `option` in the Mantine select named `name`. */
async function choose(page: Page, name: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const box = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** Adds a scale section and fills its first item. */
async function addScale(page: Page, scale: string): Promise<void> {
  await choose(page, 'Scale to add', scale);
  await page.getByTestId('add-scale').click();
}

async function item(page: Page, n: number, scale: string, material: string, setpoint: string, tolerance: string): Promise<void> {
  const what = `item ${n} on ${scale}`;
  await choose(page, `Material, ${what}`, material);
  await box(page, `Setpoint, ${what}`).fill(setpoint);
  await box(page, `Tolerance, ${what}`).fill(tolerance);
}

/** Opens the release dialog of the version shown and waits for its checks and comparison. */
async function openRelease(page: Page): Promise<void> {
  await page.getByTestId('view-release').click();
  await page.getByTestId('release-dialog').waitFor();
  await page.getByTestId('release-no-problems').waitFor();
}

describe('recipe management screens', () => {
  it('creates, releases, versions and files a recipe', async () => {
    const { context, page } = await newPage(api.url);
    try {
      await signIn(page, api.superEmail, api.superPassword, true);
      await waitForPath(page, '/dashboard');

      // The editor: header, weighing per scale, a mixing step, a miscellaneous value.
      await page.goto(`/recipemanagement/recipes/addrecipe?lineId=${lineId}`);
      await page.getByTestId('recipe-editor').waitFor();
      await box(page, 'Code').fill('GROWER');
      await box(page, 'Name').fill('Grower');
      await box(page, 'Batch size (kg)').fill('1000');
      await addScale(page, 'S-MAJOR · Major');
      await item(page, 1, 'S-MAJOR', 'CORN', '600', '0');
      await page.getByRole('button', { name: 'Add material on S-MAJOR' }).click();
      await item(page, 2, 'S-MAJOR', 'SOY', '390', '2');
      await addScale(page, 'S-MICRO · Micro');
      await item(page, 1, 'S-MICRO', 'PREMIX', '10', '0.1');
      await until(async () => (await page.getByTestId('weighing-totals').textContent())?.includes('Remaining 0 kg'), { what: 'the running total' });
      await page.getByTestId('add-step').click();
      await choose(page, 'Mixing action, Step 1', 'DRY_MIX · Dry mix');
      await box(page, 'Duration (s), Step 1').fill('120');
      await box(page, 'SPEED · Speed, Step 1').fill('40');
      await page.getByTestId('add-misc').click();
      await choose(page, 'Parameter, value 1', 'COND_TEMP · Conditioning temperature');
      await box(page, 'Value, value 1').fill('82');

      // A tolerance of 0: the server's message shows on that very field.
      await page.getByTestId('recipe-save').click();
      const tolerance = box(page, 'Tolerance, item 1 on S-MAJOR');
      await until(async () => (await tolerance.getAttribute('aria-invalid')) === 'true', { what: 'the tolerance error' });
      await page.getByText('Weighing 1 (CORN): The tolerance must be greater than 0').waitFor();
      expect(await page.getByTestId('error-summary').textContent()).toContain('One field is marked');
      await screenshot(page, 'recipe-editor-error');
      expect(await seriousViolations(page)).toEqual([]);
      await tolerance.fill('3');
      await page.getByTestId('recipe-save').click();
      await waitForPath(page, /^\/recipemanagement\/recipes\/editrecipe\/[\w-]+$/);
      await page.getByTestId('weighing-editor').waitFor();
      expect(await box(page, 'Tolerance, item 1 on S-MAJOR').inputValue()).toBe('3');
      expect(await seriousViolations(page)).toEqual([]);

      // The view, and the release to Trial: no problems, nobody holds Trial yet.
      await page.getByTestId('recipe-to-view').click();
      await page.getByTestId('recipe-facts').waitFor();
      await page.getByTestId('history-list').waitFor();
      expect(await page.getByTestId('view-total').textContent()).toContain('Total 1,000 kg of 1,000 kg batch (100 %)');
      await screenshot(page, 'recipe-view');
      expect(await seriousViolations(page)).toEqual([]);
      await openRelease(page);
      await page.getByTestId('diff-first').waitFor();
      await page.getByTestId('release-confirm').click();
      await notice(page, 'Version 1 of GROWER released to Trial').waitFor();
      await page.locator('[data-testid="recipe-facts"] [data-status="RELEASED"]').waitFor();
      await page.getByTestId('held-levels').getByText(/^Trial: released by super@plant\.test/).waitFor();

      // Released means locked: a new version, a setpoint changed, and the release shows it.
      await page.getByTestId('view-new-version').click();
      await waitForPath(page, /^\/recipemanagement\/recipes\/editrecipe\/[\w-]+$/);
      await page.getByRole('heading', { level: 1, name: 'Edit recipe GROWER · version 2' }).waitFor();
      await box(page, 'Setpoint, item 1 on S-MAJOR').fill('550');
      await box(page, 'Setpoint, item 2 on S-MAJOR').fill('440');
      await page.getByTestId('recipe-save').click();
      await notice(page, 'Version 2 of GROWER saved').waitFor();
      await page.getByTestId('recipe-to-view').click();
      await page.getByRole('heading', { level: 1, name: 'Recipe GROWER · version 2' }).waitFor();
      await openRelease(page);
      const diff = page.getByTestId('diff-view');
      await diff.waitFor();
      const changes = await diff.getByTestId('diff-value').allTextContents();
      expect(changes).toContain('Setpoint: 600 → 550');
      expect(changes).toContain('Setpoint: 390 → 440');
      expect(await page.getByTestId('release-dialog').textContent()).toContain('Version 1 holds Trial now.');
      await screenshot(page, 'recipe-release-dialog');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('release-confirm').click();
      await notice(page, 'Version 2 of GROWER released to Trial').waitFor();
      await page.locator('[data-testid="recipe-facts"] [data-status="RELEASED"]').waitFor();

      // The PDF of the version.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('view-pdf').click()]);
      expect(download.suggestedFilename()).toBe('GROWER-v2.pdf');
      const chunks: Buffer[] = [];
      for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
      const pdf = Buffer.concat(chunks);
      expect(pdf.length).toBeGreaterThan(1000);
      expect(pdf.subarray(0, 4).toString()).toBe('%PDF');

      // The list: the recipe with its level, filtered by it.
      await page.goto(`/recipemanagement/recipes?lineId=${lineId}&level=1`);
      const row = page.getByTestId('recipe-table').locator('tbody tr', { hasText: 'GROWER' });
      await row.waitFor();
      expect(await row.getByTestId('recipe-level').allTextContents()).toEqual(['Trial']);
      await screenshot(page, 'recipe-list');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);
});
