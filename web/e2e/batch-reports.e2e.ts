/**
 * The batch reports against `batchline all` (api, ingest, the order board and the simulated
 * line controller) with a private nats-server: a line with report parameters for the mixer's
 * curves, a released recipe and a small order released; once the plant has run a few batches,
 * the batch summary (filter type and rows per page changed), a batch's details (doses, mixing
 * curves drawn, the doses PDF), back to the summary with its filters kept (the browser's back
 * and the details' link), the batch's alarms, the batch statistics and the alarm list, with
 * axe finding no serious violations on the summary, the details, the statistics and the alarm list.
 */
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousViolations, waitForPath } from './support/browser';
import { until } from './support/paths';
import { downloaded, exported, releaseOrder, startRunningPlant, stopRunningPlant, superUserPage, today, type RunningPlant } from './support/running-plant';

let running: RunningPlant;
let page: Page;

const SUMMARY = '/reporting/batch/batchsummary';

/** The batches the summary lists for today so far, from the api. */
const batchesToday = async () =>
  (await today<{ total: number } | undefined>(running, '/api/reports/batches/getdetailedbatchsummery', { page: '1', limit: '1' }))?.total ?? 0;

beforeAll(async () => {
  running = await startRunningPlant(1);
  const { plant } = running;
  // Report parameters of the mixer's curves: the temperature's high limit low enough to be passed.
  await plant.create('reportparameters', { name: 'Mixer power', code: 'MIXER_POWER_KW', source: 'MIXER', unit: 'kW', isDownstream: false, lowLimit: 0, highLimit: 500 });
  await plant.create('reportparameters', { name: 'Mixer temperature', code: 'MIXER_TEMP_C', source: 'MIXER', unit: '°C', isDownstream: false, lowLimit: 0, highLimit: 1 });
  await releaseOrder(running, await plant.releasedRecipe('GROWER', 'Grower'), 'PO-B', 8);
  await until(async () => (await batchesToday()) >= 2, { timeout: 180_000, interval: 1000, what: 'two batches in the batch summary' });
  page = await superUserPage(running);
}, 300_000);

afterAll(() => stopRunningPlant(running));

const rows = (section = 'report') => page.getByTestId(`${section}-table`).locator(':scope > tbody > tr[data-row]');
const search = () => new URL(page.url()).searchParams;

async function choose(label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function noSeriousViolations(name: string): Promise<void> {
  await screenshot(page, `batch-${name}`);
  expect(await seriousViolations(page)).toEqual([]);
}

describe('batch reports', () => {
  let batchId = '';
  let kept = '';

  it('batch summary: the batches of today, the filter type and the rows per page in the address and the query', async () => {
    await page.goto(SUMMARY);
    await rows().first().waitFor({ timeout: 30_000 });
    await page.getByTestId('report').getByTestId('report-chart').waitFor();
    expect(search().get('fromDateTime')).toBeTruthy();
    expect(await rows().count()).toBeGreaterThanOrEqual(2);
    // The default range runs to the end of the shift, so while the plant runs its list gains a
    // batch every few seconds and the first row moves. The rest of the journey picks its batch
    // from a range that has ended (5 s ago, past what ingest may still be writing).
    const closed = new URL(page.url());
    closed.searchParams.set('toDateTime', new Date(Date.now() - 5000).toISOString());
    await page.goto(closed.pathname + closed.search);
    await rows().first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('report-table').textContent()).toContain('GROWER');
    await noSeriousViolations('summary');

    await choose('Batches', 'Past parameter limits');
    await until(() => search().get('reportFilterType') === 'EXCEEDED_PARAMETERS', { what: 'the filter type in the address' });
    await page.getByRole('combobox', { name: 'Report parameters', exact: true }).click();
    await page.getByRole('option', { name: 'MIXER_TEMP_C · Mixer temperature' }).click();
    await until(() => search().get('exceededParameters') === 'MIXER_TEMP_C', { what: 'the parameter in the address' });
    await page.keyboard.press('Escape');
    // Every batch ran hotter than 1 °C: each is listed, its exceeded parameter marked.
    await page.getByTestId('report-table').getByTestId('exceeded-code').first().waitFor({ timeout: 15_000 });

    await choose('Batches', 'Every batch');
    await until(() => search().get('reportFilterType') === null && search().get('exceededParameters') === null, { what: 'every batch again' });
    await choose('Rows per page', '10');
    await until(() => search().get('limit') === '10', { what: 'the rows per page in the address' });
    await rows().first().waitFor();
    kept = new URL(page.url()).search;
    batchId = (await rows().first().getByTestId('batch-details-link').textContent()) ?? '';
    expect(batchId).toMatch(/\S/);
  });

  it('batch details: header, doses, the mixing curves drawn, the doses and mixing PDFs; back to the summary with its filters', async () => {
    await rows().first().getByTestId('batch-details-link').click();
    await waitForPath(page, `/reporting/batch/batchdetails/${batchId}`);
    await rows('report-doses').first().waitFor({ timeout: 30_000 });
    expect(await rows('report-doses').count()).toBe(3);
    expect(await page.getByTestId('batch-fact-recipe').textContent()).toContain('GROWER');
    await page.getByTestId('batch-curves').locator('canvas').first().waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('batch-curve').count()).toBeGreaterThanOrEqual(1);
    expect(await page.evaluate(() => localStorage.getItem('isStateAvilable'))).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('stateValue'))).toBe(kept);
    await noSeriousViolations('details');
    await page.getByTestId('batch-curves').scrollIntoViewIfNeeded();
    await screenshot(page, 'batch-curves');

    const doses = await exported(page, 'pdf', 'report-doses');
    expect(doses.name).toMatch(/\.pdf$/);
    expect(doses.bytes.subarray(0, 4).toString()).toBe('%PDF');
    // The mixing's PDF carries its curves, drawn one under the other, as one image.
    const sent = page.waitForRequest((r) => r.url().includes('/getbatchmixingdetails/generatePdf'));
    const mixing = await exported(page, 'pdf', 'report-steps');
    expect(mixing.bytes.subarray(0, 4).toString()).toBe('%PDF');
    const body = (await sent).postDataJSON() as { images: string[]; data: string };
    expect(body.data).toBe('steps');
    expect(body.images).toHaveLength(1);
    expect(body.images[0]).toMatch(/^data:image\/png;base64,/);

    // The whole batch record, as the quality manager files it: its header, doses and signatures.
    const record = await downloaded(page, 'batch-record-pdf');
    expect(record.name).toMatch(/\.pdf$/);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: record.bytes }).toString();
    expect(text).toContain(batchId);
    expect(text).toContain('GROWER');
    for (const section of ['Dosing', 'Mixing', 'Process values', 'Alarms', 'Signatures']) expect(text).toContain(section);

    // The browser's back: the summary as it was.
    await page.goBack();
    await waitForPath(page, SUMMARY);
    expect(new URL(page.url()).search).toBe(kept);
    await rows().first().waitFor();
    expect(await page.getByRole('combobox', { name: 'Rows per page', exact: true }).inputValue()).toBe('10');
    // The plant runs on: a batch ended since may stand above it, on the same page.
    expect(await rows().getByTestId('batch-details-link').allTextContents()).toContain(batchId);

    // The details' link back: the summary as it was too.
    await rows().first().getByTestId('batch-details-link').click();
    await rows('report-doses').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('back-to-summary').click();
    await waitForPath(page, SUMMARY);
    expect(new URL(page.url()).search).toBe(kept);
    await rows().first().waitFor();
  });

  it('batch alarms: the batch’s alarms (or none) with a link back to it; leaving details elsewhere forgets the summary’s filters', async () => {
    await rows().getByTestId('batch-details-link').filter({ hasText: new RegExp(`^${batchId}$`) }).click();
    await rows('report-doses').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('batch-alarms').click();
    await waitForPath(page, `/reporting/batch/batchsummary/${batchId}/alarms`);
    await page.getByRole('heading', { level: 1, name: `Alarms of batch ${batchId}` }).waitFor();
    await page.locator('[data-testid="report-table"], [data-testid="report-table-empty"]').first().waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('isStateAvilable'))).toBeNull();
    await page.getByTestId('back-to-batch').click();
    await waitForPath(page, `/reporting/batch/batchdetails/${batchId}`);
    await rows('report-doses').first().waitFor({ timeout: 30_000 });
  });

  it('batch statistics: per recipe version and per order, with charts', async () => {
    await page.goto('/reporting/batch/statistics');
    await rows('report-recipes').first().waitFor({ timeout: 30_000 });
    await rows('report-orders').first().waitFor();
    expect(await rows('report-recipes').first().textContent()).toContain('GROWER');
    expect(await rows('report-orders').first().textContent()).toContain('PO-B');
    await page.getByTestId('report-recipes').getByTestId('report-chart').waitFor();
    await page.getByTestId('report-orders').getByTestId('report-chart').waitFor();
    await noSeriousViolations('statistics');
  });

  it('alarm list: the plant’s alarms and, for the super user, the alarm configuration', async () => {
    await page.goto('/reporting/pcs/report/alarms');
    await page.locator('[data-testid="report-table"], [data-testid="report-table-empty"]').first().waitFor({ timeout: 30_000 });
    await page.getByTestId('alarm-config').waitFor();
    await page.locator('[data-testid="alarm-config-table"], [data-testid="alarm-config-table-empty"]').first().waitFor();
    await noSeriousViolations('alarm-list');
  });
});
