/**
 * The audit trail through the screens (issue 35, item 1), against `batchline api` on a fresh
 * database: the plant of `setUpPlant` (the line "Mash line" in Europe/Amsterdam). Carla, a
 * configurator, changes the capacity of the micro scale; Quinn, who holds AUDIT_READ alone
 * (browser in New York: the trail speaks the plant's time), finds the change by line and user,
 * opens it and reads its capacity before and after, and exports the trail she sees as CSV (the
 * same entries, the times in Amsterdam) and PDF. axe finds no serious violation on the list or
 * the entry; both are photographed at 1440 × 900 and 1366 × 768.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registeredUser, startApi, tokenFor, type ApiServer } from './support/api-server';
import { DESKTOP, disconnect, newPage, OFFICE, screenshot, seriousViolations, signIn, waitForPath } from './support/browser';
import { RESULTS_DIR, until } from './support/paths';
import { setUpPlant } from './support/plant';
import { downloaded } from './support/running-plant';

const CARLA = 'carla@plant.test';
const QUINN = 'quinn@plant.test';

let api: ApiServer;
let lineId: string;
let scaleId: string;
const contexts: BrowserContext[] = [];
let quinn: Page;

interface Entry {
  id: number;
  at: string;
  action: string;
  entityId: string | null;
}

beforeAll(async () => {
  api = await startApi();
  const token = await tokenFor(api, api.superEmail, api.superPassword, true);
  const plant = await setUpPlant(api, token);
  lineId = plant.lineId;
  scaleId = plant.ids['S-MICRO'];
  // Carla changes the micro scale's capacity from 25 to 30 kg.
  const carla = await tokenFor(api, CARLA, await registeredUser(api, CARLA, 'PRIVILEGE', ['CONFIGURATOR_READ', 'CONFIGURATOR_UPDATE']));
  const scale = (await call<{ data: Record<string, unknown> }>(api, 'GET', `/api/scales/${scaleId}`, undefined, carla)).body.data;
  const saved = await call(api, 'POST', `/api/scales/edit/${scaleId}`, { ...scale, capacityKg: 30 }, carla);
  expect(saved.status).toBe(200);

  const password = await registeredUser(api, QUINN, 'PRIVILEGE', ['AUDIT_READ']);
  const opened = await newPage(api.url, OFFICE, 'America/New_York');
  contexts.push(opened.context);
  quinn = opened.page;
  await signIn(quinn, QUINN, password);
  await waitForPath(quinn, '/dashboard');
}, 180_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await disconnect();
  await api?.stop();
});

async function clean(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, `audit-${name}`);
  expect(await seriousViolations(page)).toEqual([]);
}

describe('the audit trail', () => {
  it("finds Carla's change by line and user and shows its capacity before and after", async () => {
    expect(await quinn.getByTestId('side-nav').getByRole('link', { name: 'Audit trail' }).getAttribute('href')).toBe('/audit');
    await quinn.goto(`/audit?lineId=${lineId}&user=${encodeURIComponent(CARLA)}`);
    const rows = quinn.getByTestId('audit-row');
    await until(async () => (await rows.count()) === 1, { what: "Carla's one change on the line" });
    expect(await quinn.getByTestId('audit-zone').textContent()).toContain('Europe/Amsterdam');
    const row = rows.first();
    expect(await row.getByTestId('audit-row-user').textContent()).toBe(CARLA);
    expect(await row.getByTestId('audit-row-action').textContent()).toBe('Changed');
    expect(await row.getByTestId('audit-row-record').textContent()).toContain('Scale');
    expect(await row.getByTestId('audit-row-line').textContent()).toBe('ML1');
    // The time as the plant's clock read it, not New York's.
    const entries = (await call<{ data: Entry[] }>(api, 'GET', `/api/audit?user=${CARLA}&entity=scales`, undefined, await tokenFor(api, api.superEmail, api.superPassword, true))).body.data;
    expect(entries).toHaveLength(1);
    const amsterdam = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(new Date(entries[0].at));
    expect(await row.getByTestId('audit-row-time').textContent()).toContain(amsterdam);
    await clean(quinn, 'list-1440x900');
    await quinn.setViewportSize(DESKTOP);
    await clean(quinn, 'list-1366x768');
    await quinn.setViewportSize(OFFICE);

    // Opened from the keyboard.
    await row.focus();
    await quinn.keyboard.press('Enter');
    await waitForPath(quinn, `/audit/${entries[0].id}`);
    const change = quinn.locator('[data-testid="audit-change"]', { hasText: 'capacityKg' });
    await change.waitFor();
    expect(await change.textContent()).toMatch(/capacityKg\s*Changed\s*25\s*30/);
    expect(await quinn.getByTestId('audit-entry').textContent()).toContain(CARLA);
    await clean(quinn, 'entry-1440x900');
    await quinn.setViewportSize(DESKTOP);
    await clean(quinn, 'entry-1366x768');
    await quinn.setViewportSize(OFFICE);
    await quinn.getByTestId('audit-back').click();
    await waitForPath(quinn, '/audit');
    expect(new URL(quinn.url()).searchParams.get('user')).toBe(CARLA);
  }, 90_000);

  it('exports the entries it shows: CSV in plant time, and a PDF', async () => {
    await quinn.getByTestId('audit-row').first().waitFor();
    await quinn.getByTestId('audit-export').click();
    const csv = await downloaded(quinn, 'audit-export-csv');
    const text = csv.bytes.toString('utf8');
    const lines = text.trim().split('\n');
    expect(lines[0]).toMatch(/^No\.,Time,Time zone,User,Action,Record type,Record id,Line,Changes/);
    expect(lines[1]).toContain(`Europe/Amsterdam,${CARLA},Changed,Scale,${scaleId},ML1,capacityKg: 25 → 30`);
    await quinn.getByTestId('audit-export').click();
    const pdf = await downloaded(quinn, 'audit-export-pdf');
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(join(RESULTS_DIR, 'audit-trail.pdf'), pdf.bytes);
    writeFileSync(join(RESULTS_DIR, 'audit-trail.csv'), csv.bytes);
  }, 60_000);
});
