/**
 * Electronic signatures through the screens (issue 35, item 2), against `batchline api` on a
 * fresh database: the plant of `setUpPlant` (the line "Mash line" in Europe/Amsterdam) with its
 * two-person rule switched on. Anna writes a recipe and releases it to Trial; releasing it to
 * Production asks for her signature, and the server refuses her own: she made the last change.
 * Ben, who holds Recipe approve, signs it with his password and "Approved": the version is in
 * production and its view shows the manifest (his full name, the meaning, the time in the
 * plant's zone, the two-person rule), which the recipe's PDF prints too. axe finds no serious
 * violation in the dialog or on the view; both are photographed at 1440 × 900.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registeredUser, startApi, tokenFor, type ApiServer } from './support/api-server';
import { disconnect, newPage, notice, OFFICE, screenshot, seriousViolations, signIn, waitForPath } from './support/browser';
import { RESULTS_DIR } from './support/paths';
import { setUpPlant } from './support/plant';

const ANNA = 'anna@plant.test';
const BEN = 'ben@plant.test';

let api: ApiServer;
let recipeId: string;
const passwords: Record<string, string> = {};
const contexts: BrowserContext[] = [];

async function person(email: string, privileges: string[]): Promise<string> {
  passwords[email] = await registeredUser(api, email, 'PRIVILEGE', privileges);
  return tokenFor(api, email, passwords[email]);
}

async function browser(email: string): Promise<Page> {
  const { context, page } = await newPage(api.url, OFFICE, 'UTC');
  contexts.push(context);
  await signIn(page, email, passwords[email]);
  await waitForPath(page, '/dashboard');
  return page;
}

/** Opens the release dialog of the recipe's view for the next level, signs it and confirms. */
async function sign(page: Page, email: string): Promise<void> {
  await page.goto(`/recipemanagement/recipes/view/${recipeId}`);
  await page.getByTestId('view-release').click();
  const dialog = page.getByTestId('release-dialog');
  await dialog.waitFor();
  await page.getByTestId('release-no-problems').waitFor();
  expect(await page.getByTestId('release-signature-needed').textContent()).toContain('Production needs your electronic signature');
  expect(await page.getByTestId('release-confirm').isDisabled()).toBe(true);
  await page.getByLabel('Your password').fill(passwords[email]);
  await page.getByRole('combobox', { name: /^Meaning of your signature/ }).click();
  await page.getByRole('option', { name: 'Approved' }).click();
  await page.getByTestId('release-confirm').click();
}

beforeAll(async () => {
  api = await startApi();
  const token = await tokenFor(api, api.superEmail, api.superPassword, true);
  const plant = await setUpPlant(api, token);
  const line = (await call<{ data: Record<string, unknown> }>(api, 'GET', `/api/lines/${plant.lineId}`, undefined, token)).body.data;
  expect((await call(api, 'POST', `/api/lines/edit/${plant.lineId}`, { ...line, twoPersonRule: true }, token)).status).toBe(200);
  const anna = await person(ANNA, ['RECIPE_CREATE', 'RECIPE_UPDATE']);
  await person(BEN, ['RECIPE_UPDATE', 'RECIPE_APPROVE']);
  const users = (await call<{ data: { users: { _id: string; email: string }[] } }>(api, 'GET', '/api/user/users?search=ben', undefined, token)).body.data.users;
  const ben = users.find((u) => u.email === BEN)!;
  expect((await call(api, 'POST', '/api/edituser', { _id: ben._id, fullName: 'Ben Brandt', role: 'PRIVILEGE', privileges: ['RECIPE_UPDATE', 'RECIPE_APPROVE'] }, token)).status).toBe(200);
  // Anna writes the recipe and releases it to Trial (no signature there).
  const added = await call<{ data: { _id: string } }>(api, 'POST', '/api/recipes/add', plant.recipeBody('BROILER', 'Broiler grower'), anna);
  recipeId = added.body.data._id;
  expect((await call(api, 'POST', '/api/recipes/releaselevel', { id: recipeId, level: 1 }, anna)).status).toBe(200);
}, 180_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await disconnect();
  await api?.stop();
});

describe('a release to production signed by two people', () => {
  it("refuses Anna's own signature: she made the last change", async () => {
    const page = await browser(ANNA);
    await sign(page, ANNA);
    const refused = page.getByTestId('release-refused');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('The two-person rule of this line is on: anna@plant.test made the last change, so someone else must sign the release.');
    await page.getByTestId('release-dialog').waitFor();
    await screenshot(page, 'signature-refused-1440x900');
    expect(await seriousViolations(page)).toEqual([]);
  }, 90_000);

  it("takes Ben's signature and shows its manifest on the version and its PDF", async () => {
    const page = await browser(BEN);
    await sign(page, BEN);
    await notice(page, /released to Production/).waitFor();
    const item = page.getByTestId('signature-item');
    await item.waitFor();
    expect(await item.getAttribute('data-signer')).toBe(BEN);
    const text = (await item.textContent()) ?? '';
    expect(text).toContain('Approved');
    expect(text).toContain('Ben Brandt');
    expect(text).toContain('Europe/Amsterdam');
    expect(await page.getByTestId('signature-two-person').count()).toBe(1);
    await page.getByTestId('signature-list').scrollIntoViewIfNeeded();
    await screenshot(page, 'signature-manifest-1440x900');
    expect(await seriousViolations(page)).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('view-pdf').click()]);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(join(RESULTS_DIR, 'recipe-signed.pdf'), pdf);
  }, 90_000);
});
