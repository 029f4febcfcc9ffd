/**
 * The reports against `batchline all` (api, ingest, the order board and the simulated line
 * controller) with a private nats-server: a line with stop reasons, a shift and a released
 * recipe made over the api, an order of sixty batches released, and the plant left to run them
 * until the report calls answer them for today's range (the simulator stops now and then, a
 * quarter of the stops without a reason, moves bins and checks its scales every twenty
 * batches). Then every report screen: rows and a chart, a filter changed (the address and the
 * table follow), CSV and XLSX exported (non-empty downloads), PDFs drawn by the server (files
 * starting with `%PDF`), and axe with no serious violations. The stop-time report gives an
 * unqualified stop its reason through its dialog and the totals and Pareto follow; the bin
 * history charts a bin's level; the calibration report lists the checks; the dashboard shows
 * each line's figures of today under its live tile.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notice, screenshot, seriousViolations, waitForPath } from './support/browser';
import { until } from './support/paths';
import { exported, releaseOrder, startRunningPlant, stopRunningPlant, superUserPage, today, type RunningPlant } from './support/running-plant';

let running: RunningPlant;
let lineId: string;
let ids: Record<string, string> = {};
let page: Page;

const DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

/** A report of today so far on the line (as the screens start with it), from the api. */
const ofToday = <T>(path: string, more: Record<string, string> = {}) => today<T>(running, path, more);

const producedBatches = async () =>
  (await ofToday<{ rows: { figures: { batches?: number } }[] }>('/api/reports/production/productionbytime', { bucket: 'line' })).rows[0]?.figures.batches ?? 0;

beforeAll(async () => {
  // Seed 1: the simulated line stops without a reason within its first thirty batches.
  running = await startRunningPlant(1);
  const { plant } = running;
  lineId = running.lineId;
  ids = plant.ids;
  // Stop reasons of the codes the simulator reports, and one only a supervisor gives.
  const mechanical = await plant.create('stoptimereasongroup', { name: 'Mechanical', code: 'MECH', planned: false });
  for (const [code, name] of [['SR-BLOCKAGE', 'Conveyor blocked'], ['SR-SHORTAGE', 'Bin ran empty'], ['SR-OPERATOR', 'Operator stop']]) {
    await plant.post('/api/stopreason', { lineId, name, code, stopTimeGroupId: mechanical, planned: false });
  }
  // One shift the whole day: the dashboard's utilisation per shift has a shift to show.
  await plant.create('shifts', { name: 'Day', startTime: '00:00', endTime: '00:00', days: DAYS });
  await releaseOrder(running, await plant.releasedRecipe('GROWER', 'Grower'), 'PO-1', 60);
  // Production reaches the database only through NATS and ingest: wait for the report to see it.
  await until(async () => (await producedBatches()) >= 2, { timeout: 180_000, interval: 1000, what: 'two batches in the report of today' });
  page = await superUserPage(running);
}, 300_000);

afterAll(() => stopRunningPlant(running));

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

/** CSV and XLSX of the section are non-empty files of their kind. */
async function exportsWork(section = 'report'): Promise<void> {
  const csv = await exported(page, 'csv', section);
  expect(csv.name).toMatch(/\.csv$/);
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csv.bytes.toString('utf8').split('\r\n').length).toBeGreaterThan(2);
  const xlsx = await exported(page, 'xlsx', section);
  expect(xlsx.name).toMatch(/\.xlsx$/);
  expect(xlsx.bytes.length).toBeGreaterThan(1000);
  expect(xlsx.bytes.subarray(0, 2).toString()).toBe('PK');
}

/** The section's PDF, drawn by the server, is a non-empty PDF file. */
async function pdfWorks(section = 'report'): Promise<void> {
  const pdf = await exported(page, 'pdf', section);
  expect(pdf.name).toMatch(/\.pdf$/);
  expect(pdf.bytes.length).toBeGreaterThan(1000);
  expect(pdf.bytes.subarray(0, 4).toString()).toBe('%PDF');
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
    await pdfWorks();

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
    await pdfWorks();
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
  it('OEE: the cards say what the api computes, grouped by shift too, and the tile shows it', async () => {
    type Oee = { totals: { oee: number | null; availability: number | null } };
    const oee = async () => (await ofToday<Oee>('/api/reports/oee', { groupBy: 'line' })).totals;
    // The line ran and made batches at its ideal rate (the line's mixer per nominal batch time).
    await until(async () => ((await oee()).oee ?? 0) > 0, { timeout: 60_000, interval: 1000, what: "today's OEE" });
    await page.goto('/reporting/others/oee');
    await rows('report-rows').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('oee-chart').waitFor();
    const card = page.getByTestId('oee-kpis-oee');
    const shown = Number(/([\d.]+)\s*%/.exec((await card.textContent()) ?? '')?.[1]);
    // The plant keeps running: the figure the api gives now is close to the one the screen read.
    expect(Math.abs(shown - ((await oee()).oee ?? 0) * 100)).toBeLessThan(5);
    await page.getByTestId('oee-how').waitFor();
    await noSeriousViolations('oee');
    await exportsWork('report-rows');
    await pdfWorks('report-rows');
    await choose('Group by', 'Shift');
    await until(() => search().get('groupBy') === 'shift', { what: 'groupBy in the address' });
    // The answer of the new grouping drawn: the chart of the shifts, a row of the shift "Day".
    await page.getByText('OEE per shift (%)', { exact: true }).waitFor();
    await table('report-rows').getByRole('cell', { name: 'Day', exact: true }).first().waitFor();
    await noSeriousViolations('oee-shifts');
    await page.goto('/dashboard');
    const tile = page.getByTestId(`today-oee-value-${lineId}`);
    await tile.waitFor({ timeout: 30_000 });
    expect(await tile.textContent()).toMatch(/\d+(\.\d)?\s*%/);
    await screenshot(page, 'report-oee-tile');
  });
  it('stop-time report: an unqualified stop given its reason in the dialog, the totals and the Pareto follow', async () => {
    // The simulator stops without a reason now and then: wait for one in today's report.
    await until(async () => (await ofToday<{ totals: { unqualified: number } }>('/api/reports/stoptimereport')).totals.unqualified > 0, {
      timeout: 240_000,
      interval: 2000,
      what: 'an unqualified stop in the report of today',
    });
    await page.goto('/reporting/others/stoptimereport');
    await rows('report-stops').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('pareto-chart').waitFor();
    const unqualified = page.getByTestId('stop-totals-unqualified');
    const before = Number(/^\d+/.exec((await unqualified.textContent()) ?? '')?.[0]);
    expect(before).toBeGreaterThan(0);
    await noSeriousViolations('stoptimereport');

    const stop = rows('report-stops').filter({ has: page.getByTestId('stop-unqualified') }).first();
    await stop.getByTestId('assign-reason-open').click();
    const dialog = page.getByRole('dialog', { name: 'Assign a stop reason' });
    await dialog.waitFor();
    await dialog.getByRole('combobox', { name: 'Stop reason' }).click();
    await dialog.getByRole('option', { name: 'SR-OPERATOR · Operator stop' }).click();
    await noSeriousViolations('stoptimereport-assign');
    await dialog.getByTestId('assign-save').click();
    await notice(page, 'Stop reason saved').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await until(async () => Number(/^\d+/.exec((await unqualified.textContent()) ?? '')?.[0]) === before - 1, { what: 'one unqualified stop fewer' });
    await rows('report-pareto').filter({ hasText: 'SR-OPERATOR · Operator stop' }).first().waitFor();
    expect(await rows('report-stops').filter({ hasText: 'super@plant.test' }).count()).toBeGreaterThan(0);
    await exportsWork('report-stops');
    await pdfWorks('report-pareto');
    await pdfWorks('report-stops');
  });

  it('bin history: every bin and its movements, then the level of one bin (the menu’s capitalisation opens it too)', async () => {
    await page.goto('/reporting/Others/BinHistory');
    await rows('report-bins').first().waitFor({ timeout: 30_000 });
    await rows('report-movements').first().waitFor();
    expect(await table('report-bins').textContent()).toContain('BIN-01 · Bin 1');
    await page.getByTestId('bin-level-idle').waitFor();
    // The line was configured while the simulator ran: its bins still keep their capacity
    // (BIN-30 holds 500 kg) and every row adds up.
    expect(await page.getByTestId('bin-checks').count()).toBe(0);
    await noSeriousViolations('binhistory');

    await choose('Bin', 'BIN-01 · Bin 1');
    await until(() => search().get('binId') === 'BIN-01', { what: 'the bin in the address' });
    await page.getByTestId('bin-level-chart').waitFor();
    await choose('Movement', 'Dose');
    await until(() => search().get('kind') === 'DOSE', { what: 'the movement kind in the address' });
    await until(async () => {
      const kinds = await rows('report-movements').locator('[data-col="kind"]').allTextContents();
      return kinds.length > 0 && kinds.every((k) => k === 'Dose');
    }, { what: 'doses only' });
    await noSeriousViolations('binhistory-bin');
    await exportsWork('report-movements');
    await pdfWorks('report-movements');
  });

  it('calibration report: the scales with their due dates and the checks the simulator made', async () => {
    // The simulated line checks its scales every twenty batches.
    await until(async () => (await ofToday<{ total: number }>('/api/reports/calibrationreport')).total > 0, { timeout: 240_000, interval: 2000, what: 'a calibration check today' });
    await page.goto('/reporting/others/calibrationReport');
    await rows('report-checks').first().waitFor({ timeout: 30_000 });
    expect(await table('report-scales').textContent()).toContain('S-MAJOR · Major');
    expect(await page.getByTestId('calibration-figures-interval').textContent()).toMatch(/\d+ days/);
    expect(await rows('report-checks').locator('[data-testid="check-pass"], [data-testid="check-fail"]').count()).toBeGreaterThan(0);
    await noSeriousViolations('calibration');
    await choose('Scale', 'S-MAJOR · Major');
    await until(() => search().get('scaleId') === 'S-MAJOR', { what: 'the scale in the address' });
    await until(async () => {
      const scales = await rows('report-checks').locator('[data-col="scale"]').allTextContents();
      return scales.length > 0 && scales.every((sc) => sc.startsWith('S-MAJOR'));
    }, { what: 'the checks of S-MAJOR only' });
    await exportsWork('report-scales');
    await pdfWorks('report-checks');
  });

  it('dashboard: today’s production, uptime, shifts and stop reasons of the line under its live tile, in kiosk mode too', async () => {
    await page.goto('/dashboard');
    await page.getByTestId(`line-tile-${lineId}`).waitFor({ timeout: 30_000 });
    const kg = page.getByTestId(`today-kg-${lineId}`);
    await kg.waitFor({ timeout: 30_000 });
    expect(Number(((await kg.textContent()) ?? '').replace(/[^\d]/g, ''))).toBeGreaterThan(1000);
    expect(Number(await page.getByTestId(`today-batches-${lineId}`).textContent())).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId(`today-uptime-${lineId}`).textContent()).toMatch(/^Uptime \d/);
    const shifts = page.getByTestId(`today-shifts-${lineId}`);
    await shifts.getByRole('rowheader', { name: /^Day/ }).waitFor();
    expect(await page.getByTestId(`today-stops-${lineId}`).getByRole('listitem').count()).toBeGreaterThan(0);
    await noSeriousViolations('dashboard-today');
    // In German the line's uptime is not called availability, OEE's factor beside it.
    await page.evaluate(() => localStorage.setItem('locale', 'de'));
    await page.reload();
    const uptime = page.getByTestId(`today-uptime-${lineId}`);
    await until(async () => /^Laufzeitanteil \d/.test((await uptime.textContent()) ?? ''), { what: 'the uptime in German' });
    await screenshot(page, 'dashboard-today-de');
    await page.evaluate(() => localStorage.setItem('locale', 'en'));

    // The wall display shows the live figures only (tonnes today), sized to the screen.
    await page.goto('/?kiosk=1');
    await page.getByTestId('kiosk').waitFor();
    await page.getByTestId(`line-tonnes-${lineId}`).waitFor({ timeout: 30_000 });
    await noSeriousViolations('dashboard-today-kiosk');
  });
});
