/**
 * Plant configuration through the screens: a scale, a bin on it holding a material, a dosing
 * point on both; lists, views and the server's field errors; who may not configure.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registeredUser, startApi, tokenFor, type ApiServer } from './support/api-server';
import { disconnect, newPage, screenshot, seriousViolations, signIn, waitForPath } from './support/browser';
import { until } from './support/paths';

let api: ApiServer;
let token: string;
let lineId: string;

interface Created {
  data: { _id: string };
}

beforeAll(async () => {
  api = await startApi();
  token = await tokenFor(api, api.superEmail, api.superPassword, true);
  const line = await call<Created>(api, 'POST', '/api/lines/add', { name: 'Pellet line', code: 'PL1', timezone: 'Europe/Amsterdam' }, token);
  expect(line.status).toBe(200);
  lineId = line.body.data._id;
  const category = await call<Created>(api, 'POST', '/api/materialcategories/add', { lineId, name: 'Grains', code: 'GRN' }, token);
  expect(category.status).toBe(200);
  const material = await call<Created>(api, 'POST', '/api/materialdirectory/add', { lineId, name: 'Wheat', code: 'WHEAT', materialCategoryId: category.body.data._id }, token);
  expect(material.status).toBe(200);
});

afterAll(async () => {
  await disconnect();
  await api?.stop();
});

/** Picks `option` in the Mantine select labelled `label`. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Opens the list at `path`, then its New form for the line. */
async function openNew(page: Page, path: string): Promise<void> {
  await page.goto(`${path}?lineId=${lineId}`);
  await page.getByTestId('config-new').click();
  await page.getByTestId('entity-form').waitFor();
  expect(await page.getByTestId('form-line').textContent()).toContain('Pellet line');
}

/** Submits the form and waits to be back on the list, where `title` is a row. */
async function saveAndSee(page: Page, path: string, code: string): Promise<void> {
  await page.getByRole('button', { name: 'Create' }).click();
  await waitForPath(page, path);
  await page.getByTestId('config-table').locator('tbody tr', { hasText: code }).waitFor();
}

describe('plant configuration screens', () => {
  it('configures a scale, a bin holding a material and a dosing point, and shows them', async () => {
    const { context, page } = await newPage(api.url);
    try {
      await signIn(page, api.superEmail, api.superPassword, true);
      await waitForPath(page, '/dashboard');

      const scales = '/configurator/dosingandfeeding/scales';
      await openNew(page, scales);
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Macro scale 1');
      await page.getByRole('textbox', { name: 'Code', exact: true }).fill('SC1');
      await choose(page, 'Type', 'Major ingredients');
      // The server's range check shows on its field; fixing it lets the form through.
      await page.getByRole('textbox', { name: 'Capacity', exact: true }).fill('0');
      await page.getByRole('button', { name: 'Create' }).click();
      const capacity = page.getByRole('textbox', { name: 'Capacity', exact: true });
      await until(async () => (await capacity.getAttribute('aria-invalid')) === 'true', { what: 'the capacity error' });
      await capacity.fill('3000');
      await saveAndSee(page, scales, 'SC1');
      expect(await seriousViolations(page)).toEqual([]);

      const bins = '/configurator/dosingandfeeding/bins';
      await openNew(page, bins);
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Wheat bin');
      await page.getByRole('textbox', { name: 'Code', exact: true }).fill('B01');
      await choose(page, 'Scale', 'SC1');
      await page.getByRole('textbox', { name: 'Capacity', exact: true }).fill('25000');
      await page.getByRole('button', { name: 'Add a row to Bin materials' }).click();
      await choose(page, 'Material, row 1', 'WHEAT');
      await saveAndSee(page, bins, 'B01');

      const dosing = '/configurator/dosingandfeeding/dosingpoints';
      await openNew(page, dosing);
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Wheat screw');
      await page.getByRole('textbox', { name: 'Code', exact: true }).fill('DP01');
      await choose(page, 'Bin', 'B01');
      await choose(page, 'Scale', 'SC1');
      await choose(page, 'Feeder type', 'Screw feeder');
      await saveAndSee(page, dosing, 'DP01');

      // The view names what the dosing point refers to, not its ids.
      await page.getByRole('link', { name: 'View DP01' }).click();
      const view = page.getByTestId('config-view');
      await view.waitFor();
      await until(async () => {
        const text = (await view.textContent()) ?? '';
        return text.includes('B01') && text.includes('SC1') && text.includes('Screw feeder');
      }, { what: 'the dosing point view with its bin, scale and feeder type' });

      // The bin's material shows in the bin assignment, and the codes are unique per line.
      await page.goto(`/recipemanagement/binassignment?lineId=${lineId}`);
      await page.getByTestId('bin-assignment-table').locator('tr', { hasText: 'B01' }).waitFor();
      await expect.poll(async () => page.getByRole('combobox', { name: /Material for/ }).first().inputValue()).toContain('WHEAT');
      const again = await call<{ errors?: Record<string, string> }>(api, 'POST', '/api/scales/add', { lineId, name: 'Other', code: 'SC1', type: 'MINOR', capacityKg: 10 }, token);
      expect(again.status).toBe(409);
      expect(Object.keys(again.body.errors ?? {})).toContain('code');
    } finally {
      await context.close();
    }
  }, 180_000);

  it('keeps the input when someone saved the record meanwhile, compares, and saves over theirs', async () => {
    const scale = await call<Created>(api, 'POST', '/api/scales/add', { lineId, name: 'Micro scale', code: 'SC-M', type: 'MICRO', capacityKg: 25 }, token);
    expect(scale.status).toBe(200);
    const id = scale.body.data._id;
    const { context, page } = await newPage(api.url);
    try {
      await signIn(page, api.superEmail, api.superPassword, true);
      await waitForPath(page, '/dashboard');
      await page.goto(`/configurator/dosingandfeeding/scales/edit/${id}`);
      const capacity = page.getByRole('textbox', { name: 'Capacity', exact: true });
      await until(async () => (await capacity.inputValue()) === '25', { what: 'the scale in its form' });
      await capacity.fill('30');
      // Someone else saves the scale while the form is open.
      const theirs = await call(api, 'POST', `/api/scales/edit/${id}`, { name: 'Micro scale 2', capacityKg: 40 }, token);
      expect(theirs.status).toBe(200);
      await page.getByRole('button', { name: 'Save', exact: true }).click();

      const alert = page.getByTestId('stale-edit');
      await alert.waitFor();
      const said = (await alert.textContent()) ?? '';
      expect(said).toContain(`${api.superEmail} saved this at`);
      expect(said).toContain('Europe/Amsterdam');
      expect(await capacity.inputValue()).toBe('30');
      await alert.getByRole('button', { name: 'Compare with the saved version' }).click();
      const table = alert.getByTestId('stale-compare');
      await table.waitFor();
      const rows = await table.locator('tbody tr').allTextContents();
      expect(rows.some((r) => r.startsWith('Name') && r.includes('Micro scale 2'))).toBe(true);
      expect(rows.some((r) => r.startsWith('Capacity') && r.includes('30') && r.includes('40'))).toBe(true);
      await screenshot(page, 'config-stale-edit');
      expect(await seriousViolations(page)).toEqual([]);

      await alert.getByRole('button', { name: 'Save mine over theirs' }).click();
      await waitForPath(page, '/configurator/dosingandfeeding/scales');
      const saved = await call<{ data: { capacityKg: number; name: string } }>(api, 'GET', `/api/scales/${id}`, undefined, token);
      expect(saved.body.data).toMatchObject({ capacityKg: 30, name: 'Micro scale' });
    } finally {
      await context.close();
    }
  });

  it('creates a line on its screen, and every line selector offers it at once', async () => {
    const { context, page } = await newPage(api.url);
    try {
      await signIn(page, api.superEmail, api.superPassword, true);
      await waitForPath(page, '/dashboard');
      await page.goto('/configurator/line/new');
      await page.getByTestId('entity-form').waitFor();
      await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Mash line');
      await page.getByRole('textbox', { name: 'Code', exact: true }).fill('ML2');
      await page.getByRole('combobox', { name: 'Time zone', exact: true }).fill('Europe/Ber');
      await page.getByRole('option', { name: 'Europe/Berlin' }).click();
      await page.getByRole('button', { name: 'Create' }).click();
      await waitForPath(page, '/configurator/line');
      await page.getByTestId('config-table').locator('tbody tr', { hasText: 'ML2' }).waitFor();
      // The cached id/name pairs were refreshed: the scales' line selector has the new line.
      await page.goto('/configurator/dosingandfeeding/scales');
      await page.getByRole('combobox', { name: 'Line', exact: true }).click();
      await page.getByRole('option', { name: 'Mash line' }).click();
      await page.getByTestId('config-empty').waitFor();
      const cached = await page.evaluate(() => Object.entries(localStorage).map(([k, v]) => `${k}=${v}`).join('\n'));
      expect(cached).toContain('Mash line');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('imports scales from a file: the sample downloads, a bad row is reported, the fixed file goes in', async () => {
    const { context, page } = await newPage(api.url);
    try {
      await signIn(page, api.superEmail, api.superPassword, true);
      await waitForPath(page, '/dashboard');
      await page.goto(`/import/scales?lineId=${lineId}`);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('sample-download').click()]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const sample = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of sample) chunks.push(chunk as Buffer);
      // An XLSX workbook is a zip: it starts with "PK".
      expect(Buffer.concat(chunks).subarray(0, 2).toString()).toBe('PK');

      const file = (rows: string) => ({ name: 'scales.csv', mimeType: 'text/csv', buffer: Buffer.from(`code,name,type,capacityKg\n${rows}`) });
      await page.getByTestId('import-file').setInputFiles(file('SC7,Micro scale,MICRO,50\nSC8,Liquid scale,GIANT,400\n'));
      await page.getByTestId('import-validate').click();
      const report = page.getByTestId('import-report');
      await report.waitFor();
      const rows = report.locator('tbody tr');
      expect(await rows.count()).toBe(1);
      const cells = await rows.first().locator('td').allTextContents();
      expect(cells[0]).toBe('3');
      expect(cells.join(' ')).toMatch(/type/i);
      expect(await page.getByTestId('import-run').isDisabled()).toBe(true);
      const listed = await call<{ data: unknown[] }>(api, 'GET', `/api/scales?lineId=${lineId}`, undefined, token);
      expect(listed.body.data.some((r) => (r as { code: string }).code === 'SC7')).toBe(false);

      await page.getByTestId('import-file').setInputFiles(file('SC7,Micro scale,MICRO,50\nSC8,Liquid scale,LIQUID,400\n'));
      await page.getByTestId('import-validate').click();
      await page.getByTestId('import-valid').waitFor();
      await page.getByTestId('import-run').click();
      await page.getByTestId('import-done').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('import-to-list').click();
      const table = page.getByTestId('config-table');
      await table.locator('tbody tr', { hasText: 'SC7' }).waitFor();
      await table.locator('tbody tr', { hasText: 'SC8' }).waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);

  it('copies action parameters to another line, skipping the codes it has', async () => {
    const target = await call<Created>(api, 'POST', '/api/lines/add', { name: 'Target line', code: 'TL3', timezone: 'Europe/Amsterdam' }, token);
    const toLine = target.body.data._id;
    const param = (code: string, line: string) => ({ lineId: line, name: `Mixing time ${code}`, code, dataType: 'INT', unit: 's' });
    for (const [code, line] of [['MIX_T', lineId], ['DRY_T', lineId], ['DRY_T', toLine]]) {
      expect((await call(api, 'POST', '/api/actionparameters/add', param(code, line), token)).status).toBe(200);
    }
    const { context, page } = await newPage(api.url);
    try {
      await signIn(page, api.superEmail, api.superPassword, true);
      await waitForPath(page, '/dashboard');
      await page.goto(`/copyparameter/actionparameters?from=${lineId}&to=${toLine}`);
      await page.getByTestId('copy-run').click();
      const result = page.getByTestId('copy-result');
      await result.waitFor();
      expect(await page.getByTestId('copy-copied').textContent()).toContain('MIX_T');
      expect(await page.getByTestId('copy-skipped').textContent()).toContain('DRY_T');
      expect(await seriousViolations(page)).toEqual([]);
      const listed = await call<{ data: { code: string }[] }>(api, 'GET', `/api/actionparameters?lineId=${toLine}`, undefined, token);
      expect(listed.body.data.map((r) => r.code).sort()).toEqual(['DRY_T', 'MIX_T']);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('refuses the screens and the api to a user without configuration privileges', async () => {
    const password = await registeredUser(api, 'reader@plant.test', 'PRIVILEGE', ['REPORTS_READ']);
    const { context, page } = await newPage(api.url);
    try {
      await signIn(page, 'reader@plant.test', password);
      await waitForPath(page, '/dashboard');
      for (const path of ['/configurator/dosingandfeeding/scales', '/configurator/dosingandfeeding/bins/new', '/configurator/line', '/import/scales', '/copyparameter/actionparameters']) {
        await page.goto(path);
        await page.getByTestId('not-allowed').waitFor();
      }
      const reader = await tokenFor(api, 'reader@plant.test', password);
      const add = await call(api, 'POST', '/api/scales/add', { lineId, name: 'X', code: 'X1', type: 'MINOR', capacityKg: 10 }, reader);
      expect(add.status).toBe(403);
      const copy = await call(api, 'POST', '/api/copyparameter', { type: 'scales', fromLineId: lineId, toLineId: lineId }, reader);
      expect(copy.status).toBe(403);
    } finally {
      await context.close();
    }
  }, 120_000);
});
