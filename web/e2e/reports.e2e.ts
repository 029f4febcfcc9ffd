/**
 * The consumption and production reports against `batchline all` (api, ingest, the order board
 * and the simulated line controller) with a private nats-server: a line and a released recipe
 * made over the api, an order of three batches released, and the plant left to run them until
 * the report call answers them for today's range. Then every report screen: rows and a chart,
 * a filter changed (the address and the table follow), CSV and XLSX exported (non-empty
 * downloads), and axe with no serious violations. The PDF export is left out until the
 * server's `generatePdf` calls exist.
 */
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startApi, tokenFor, type ApiServer } from './support/api-server';
import { disconnect, newPage, screenshot, seriousViolations, signIn, waitForPath } from './support/browser';
import { startNats, type Nats } from './support/nats';
import { until } from './support/paths';

let nats: Nats;
let api: ApiServer;
let token: string;
let lineId: string;
let page: Page;
let closeContext: () => Promise<void>;
const ids: Record<string, string> = {};

interface Created {
  data: { _id: string };
}

async function post(path: string, body: Record<string, unknown>): Promise<string> {
  const res = await call<Created>(api, 'POST', path, body, token);
  if (res.status !== 200) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
  return res.body.data._id;
}

/** A configuration record of the line, remembered by its code. */
async function create(entity: string, body: Record<string, unknown>): Promise<string> {
  const id = await post(`/api/${entity}/add`, { lineId, ...body });
  ids[body.code as string] = id;
  return id;
}

/** The line's equipment, materials and a 1000 kg recipe released to production. */
async function plant(): Promise<string> {
  lineId = await post('/api/lines/add', { name: 'Mash line', code: 'ML1', timezone: 'Europe/Amsterdam', mixerCapacityKg: 4000 });
  const major = await create('scales', { name: 'Major', code: 'S-MAJOR', type: 'MAJOR', capacityKg: 3000, minWeighKg: 5 });
  const micro = await create('scales', { name: 'Micro', code: 'S-MICRO', type: 'MICRO', capacityKg: 25, minWeighKg: 0.05 });
  const grains = await create('materialcategories', { name: 'Grains', code: 'GRAIN', allowedScaleIds: [major] });
  const micros = await create('materialcategories', { name: 'Micro ingredients', code: 'MICRO' });
  for (const [code, name, category] of [['CORN', 'Maize', grains], ['SOY', 'Soybean meal', grains], ['PREMIX', 'Premix', micros]]) {
    await create('materialdirectory', { name, code, materialCategoryId: category });
  }
  await create('bins', { name: 'Bin 1', code: 'BIN-01', scaleId: major, capacityKg: 20000, binMaterials: [{ materialId: ids.CORN }, { materialId: ids.SOY }] });
  await create('bins', { name: 'Bin 30', code: 'BIN-30', scaleId: micro, capacityKg: 500, binMaterials: [{ materialId: ids.PREMIX }] });
  const speed = await create('actionparameters', { name: 'Speed', code: 'SPEED', dataType: 'DECIMAL', min: 10, max: 60, unit: 'rpm' });
  const dry = await create('mixingactions', { name: 'Dry mix', code: 'DRY_MIX', parameters: [speed] });
  await create('mixingmodes', { name: 'Standard', code: 'STD', actions: [{ mixingActionId: dry, sequence: 1 }] });
  await create('miscellaneousparameters', { name: 'Conditioning temperature', code: 'COND_TEMP', dataType: 'DECIMAL', min: 60, max: 90, unit: '°C' });
  const w = (scale: string, material: string, setpoint: number, tolerance: number) => ({
    scaleId: ids[scale],
    materialId: ids[material],
    setpoint,
    setpointUnit: 'KG',
    tolerance,
    toleranceUnit: 'KG',
  });
  const recipe = await post('/api/recipes/add', {
    lineId,
    code: 'GROWER',
    name: 'Grower',
    batchSizeKg: 1000,
    medicationClass: 'NONE',
    mixingModeId: ids.STD,
    weighingItems: [w('S-MAJOR', 'CORN', 600, 3), w('S-MAJOR', 'SOY', 390, 2), w('S-MICRO', 'PREMIX', 10, 0.1)],
    mixingItems: [{ mixingActionId: dry, durationS: 60, parameters: [{ parameterId: speed, value: 40 }] }],
    miscellaneousItems: [{ miscellaneousParameterId: ids.COND_TEMP, value: 82 }],
  });
  for (const level of [1, 2]) {
    const res = await call(api, 'POST', '/api/recipes/releaselevel', { id: recipe, level }, token);
    if (res.status !== 200) throw new Error(`release to ${level}: ${JSON.stringify(res.body)}`);
  }
  return recipe;
}

/** Today's range as the screens start with it, and the line's production in it. */
async function producedBatches(): Promise<number> {
  const range = await call<{ data: { fromDate: string; toDate: string } }>(api, 'GET', `/api/shifts/defaultfromtodate?lineId=${lineId}`, undefined, token);
  const q = new URLSearchParams({ lineId, fromDateTime: range.body.data.fromDate, toDateTime: new Date().toISOString(), bucket: 'line' });
  const res = await call<{ data: { rows: { figures: { batches?: number } }[] } }>(api, 'GET', `/api/reports/production/productionbytime?${q}`, undefined, token);
  return res.body.data.rows[0]?.figures.batches ?? 0;
}

beforeAll(async () => {
  nats = await startNats();
  api = await startApi({ NATS_URL: nats.url, SIM_LINES: '1', SIM_SPEED: '100', SIM_SEED: '23' }, 'all');
  token = await tokenFor(api, api.superEmail, api.superPassword, true);
  const recipe = await plant();
  const order = await post('/api/productionschedules/add', { lineId, recipeId: recipe, orderNumber: 'PO-1', batches: 3, plannedStart: new Date().toISOString() });
  const released = await call(api, 'POST', `/api/productionschedules/status/${order}`, { status: 'RELEASED' }, token);
  if (released.status !== 200) throw new Error(`release PO-1: ${JSON.stringify(released.body)}`);
  // Production reaches the database only through NATS and ingest: wait for the report to see it.
  await until(async () => (await producedBatches()) >= 2, { timeout: 180_000, interval: 1000, what: 'two batches in the report of today' });
  const opened = await newPage(api.url);
  page = opened.page;
  closeContext = () => opened.context.close();
  await signIn(page, api.superEmail, api.superPassword, true);
  await waitForPath(page, '/dashboard');
}, 300_000);

afterAll(async () => {
  await closeContext?.();
  await disconnect();
  await api?.stop();
  await nats?.stop();
});

const table = (section = 'report') => page.getByTestId(`${section}-table`);
const rows = (section = 'report') => table(section).locator(':scope > tbody > tr[data-row]');
const search = () => new URL(page.url()).searchParams;

/** Opens a report screen and waits for its rows and chart. */
async function open(path: string, section = 'report'): Promise<void> {
  await page.goto(path);
  await rows(section).first().waitFor({ timeout: 30_000 });
  await page.getByTestId(section).getByTestId('report-chart').waitFor();
}

/** Picks `option` in the labelled Mantine select. */
async function choose(label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Exports the section as `kind` and answers the downloaded file's bytes. */
async function exported(kind: 'csv' | 'xlsx', section = 'report'): Promise<{ name: string; bytes: Buffer }> {
  await page.getByTestId(`${section}-export`).click();
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`${section}-export-${kind}`).click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream()) ?? []) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

/** CSV and XLSX of the section are non-empty files of their kind. */
async function exportsWork(section = 'report'): Promise<void> {
  const csv = await exported('csv', section);
  expect(csv.name).toMatch(/\.csv$/);
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csv.bytes.toString('utf8').split('\r\n').length).toBeGreaterThan(2);
  const xlsx = await exported('xlsx', section);
  expect(xlsx.name).toMatch(/\.xlsx$/);
  expect(xlsx.bytes.length).toBeGreaterThan(1000);
  expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');
}

async function noSeriousViolations(name: string): Promise<void> {
  await screenshot(page, `report-${name}`);
  expect(await seriousViolations(page)).toEqual([]);
}

describe('report screens', () => {
  it('consumption by materials: default range in the address, grouping changed, drill-down to one material', async () => {
    await open('/reporting/consumption/bymaterials');
    expect(search().get('fromDateTime')).toBeTruthy();
    expect(await rows().count()).toBe(3);
    expect(await table().textContent()).toContain('Maize');
    await noSeriousViolations('bymaterials');
    await exportsWork();

    await choose('Group by', 'Material category');
    await until(() => search().get('groupBy') === 'category', { what: 'groupBy in the address' });
    await table().getByText('Grains').waitFor();
    expect(await rows().count()).toBe(2);

    await page.goBack();
    await until(() => search().get('groupBy') === null, { what: 'back to the materials' });
    await table().getByRole('link', { name: 'Maize' }).click();
    await waitForPath(page, /^\/reporting\/consumption\/bymaterial\/ALL\/CORN\//);
    await rows().first().waitFor();
    expect(await page.getByRole('combobox', { name: 'Material', exact: true }).inputValue()).toBe('CORN · Maize');
    await noSeriousViolations('bymaterial-drill');
  });

  it('consumption by material category: a category opens to its materials and leads to them', async () => {
    await open('/reporting/consumption/bymaterialcategory');
    await page.getByRole('button', { name: 'Materials of Grains' }).click();
    const materials = page.getByTestId('category-materials');
    await materials.waitFor();
    expect(await materials.locator('tbody tr').count()).toBe(2);
    await noSeriousViolations('bymaterialcategory');
    await exportsWork();

    await choose('Line', 'Mash line');
    await until(() => search().get('lineId') === lineId, { what: 'the line in the address' });
    await rows().first().waitFor();
    await table().getByRole('link', { name: 'Grains' }).click();
    await waitForPath(page, new RegExp(`^/reporting/consumption/bymaterials/${lineId}/${ids.GRAIN}/`));
    await page.getByTestId('category-note').waitFor();
    await until(async () => (await rows().count()) === 2, { what: 'the two grains' });
  });

  it('consumption by material: a material chosen, then per hour', async () => {
    await page.goto('/reporting/consumption/bymaterial');
    await page.getByTestId('report-idle').waitFor();
    await choose('Material', 'SOY · Soybean meal');
    await until(() => search().get('materialId') === 'SOY', { what: 'the material in the address' });
    await rows().first().waitFor();
    await page.getByTestId('report-chart').waitFor();
    await choose('Group by', 'Hour');
    await until(() => search().get('groupBy') === 'hour', { what: 'hours in the address' });
    await until(async () => /\d{1,2}:00/.test((await rows().first().textContent()) ?? ''), { what: 'hour rows' });
    await noSeriousViolations('bymaterial');
    await exportsWork();
  });

  it('consumption by batches: pages from the server, a batch opens to its weighings', async () => {
    await open('/reporting/consumption/bybatches');
    expect(await rows().count()).toBeGreaterThanOrEqual(2);
    await rows().first().getByTestId('row-toggle').click();
    const weighings = page.getByTestId('batch-weighings');
    await weighings.waitFor();
    expect(await weighings.locator('tbody tr').count()).toBe(3);
    await noSeriousViolations('bybatches');
    await exportsWork();
    await choose('Line', 'Mash line');
    await until(() => search().get('lineId') === lineId, { what: 'the line in the address' });
    await rows().first().waitFor();
  });

  it('consumption statistics: deviation per material, narrowed to the line', async () => {
    await open('/reporting/consumption/consumptionstatistics');
    expect(await page.getByRole('columnheader', { name: /Standard deviation/ }).count()).toBe(1);
    await noSeriousViolations('consumptionstatistics');
    await exportsWork();
    await choose('Line', 'Mash line');
    await until(() => search().get('lineId') === lineId, { what: 'the line in the address' });
    await until(async () => (await rows().count()) === 3, { what: 'three materials of the line' });
  });

  it('production by recipe: the recipe produced, sorted by a heading', async () => {
    await open('/reporting/production/byrecipe');
    expect(await rows().first().textContent()).toContain('GROWER');
    const heading = page.getByRole('columnheader', { name: /^Actual \(kg\)/ });
    await heading.getByRole('button').click();
    await until(async () => (await heading.getAttribute('aria-sort')) === 'descending', { what: 'the sort' });
    expect(search().get('sort')).toBe('actualKg:desc');
    await noSeriousViolations('byrecipe');
    await exportsWork();
  });

  it('production by time: per day, then per hour', async () => {
    await open('/reporting/production/bytime');
    const before = await table().textContent();
    await choose('Per', 'Hour');
    await until(() => search().get('bucket') === 'hour', { what: 'hours in the address' });
    await until(async () => (await table().textContent()) !== before, { what: 'the table to change' });
    await page.getByTestId('report-chart').waitFor();
    await noSeriousViolations('bytime');
    await exportsWork();
  });

  it('line details: every line, then the shifts of the chosen one', async () => {
    await open('/reporting/production/linedetails', 'report-lines');
    await page.getByTestId('report-shifts-idle').waitFor();
    await rows('report-lines').first().getByTestId('show-shifts').click();
    await until(() => search().get('lineId') === lineId, { what: 'the chosen line in the address' });
    await rows('report-shifts').first().waitFor();
    await page.getByTestId('report-shifts').getByTestId('report-chart').waitFor();
    await noSeriousViolations('linedetails');
    await exportsWork('report-lines');
    await exportsWork('report-shifts');
  });
});
