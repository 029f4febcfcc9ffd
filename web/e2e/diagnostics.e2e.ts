/**
 * The diagnostics and pellet-press pressure screens against `batchline all` (api, ingest, the
 * order board and the simulated line controller) with a private nats-server: a line with a
 * mixer temperature report parameter whose high limit some batches pass and a downstream
 * conditioner temperature, a released recipe and an order of eight batches; once the plant has
 * run some of them: out of spec (rows, its chart, a PDF drawn by the server), the batch view
 * and a batch's specific view (curves drawn), a compare of three batches against a reference
 * (overlays and values, the choice in the address), downstream (the conditioner's trend), the
 * PCS report and the pressure chart as PRESSURE then BOTH — axe finding no serious violations
 * on each screen.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, seriousViolations, waitForPath } from './support/browser';
import { until } from './support/paths';
import { exported, releaseOrder, startRunningPlant, stopRunningPlant, superUserPage, today, type RunningPlant } from './support/running-plant';

let running: RunningPlant;
let lineId: string;
let page: Page;

interface Listed {
  rows: { parameters: { code: string; exceeded: boolean }[] }[];
}

/** Four batches ended with their conditioner values, one of them with its mixer past its limit. */
async function plantHasRun(): Promise<boolean> {
  const listed = await today<Listed>(running, '/api/reports/batches/getbatcheswithparameters');
  const rows = listed?.rows ?? [];
  const conditioned = rows.filter((b) => b.parameters.some((p) => p.code === 'CONDITIONER_TEMP_C')).length;
  const hot = rows.some((b) => b.parameters.some((p) => p.code === 'MIXER_TEMP_C' && p.exceeded));
  return conditioned >= 4 && hot;
}

beforeAll(async () => {
  running = await startRunningPlant(3);
  const { plant } = running;
  lineId = running.lineId;
  // The mash ends mixing at about 27 °C: a high limit of 26.5 °C is passed by most batches, not all.
  await plant.create('reportparameters', { name: 'Mixer temperature', code: 'MIXER_TEMP_C', source: 'MIXER', unit: '°C', isDownstream: false, lowLimit: 0, highLimit: 26.5 });
  await plant.create('reportparameters', { name: 'Conditioner temperature', code: 'CONDITIONER_TEMP_C', source: 'DOWNSTREAM', unit: '°C', isDownstream: true, lowLimit: 70, highLimit: 81 });
  await releaseOrder(running, await plant.releasedRecipe('GROWER', 'Grower'), 'PO-D', 8);
  await until(plantHasRun, { timeout: 180_000, interval: 1000, what: 'four batches with conditioner values, one with its mixer past its limit' });
  page = await superUserPage(running);
}, 300_000);

afterAll(() => stopRunningPlant(running));

const rows = (section: string) => page.getByTestId(`${section}-table`).locator(':scope > tbody > tr[data-row]');
const search = () => new URL(page.url()).searchParams;
/** A chart drawn: its canvas under the test id. */
const drawn = (testId: string) => page.getByTestId(testId).locator('canvas').first().waitFor({ timeout: 15_000 });

async function noSeriousViolations(name: string): Promise<void> {
  await screenshot(page, `diagnostics-${name}`);
  expect(await seriousViolations(page)).toEqual([]);
}

describe('diagnostics and pressure screens', () => {
  it('out of spec: the mixer past its limit listed with its direction, the chart of this page, the PDF', async () => {
    await page.goto('/reporting/diagnostics/outofspec');
    await rows('report-rows').first().waitFor({ timeout: 30_000 });
    expect(search().get('fromDateTime')).toBeTruthy();
    await page.getByTestId('report-rows-table').getByText('MIXER_TEMP_C · Mixer temperature').first().waitFor();
    expect(await page.getByTestId('report-rows-table').getByTestId('direction-OVER').count()).toBeGreaterThan(0);
    await drawn('diag-excursion-chart');
    await noSeriousViolations('outofspec');

    const pdf = await exported(page, 'pdf', 'report-rows');
    expect(pdf.name).toMatch(/\.pdf$/);
    expect(pdf.bytes.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('batch view and a batch in its context: process values, mixing per step, the curves drawn', async () => {
    await page.goto('/reporting/diagnostics/view');
    await rows('report-batches').first().waitFor({ timeout: 30_000 });
    await rows('report-mixing').first().waitFor();
    expect(await rows('report-mixing').first().textContent()).toContain('DRY_MIX');
    await noSeriousViolations('view');

    const link = rows('report-batches').first().getByTestId('diag-batch-link');
    const batchId = (await link.textContent()) ?? '';
    await link.click();
    await waitForPath(page, new RegExp(`^/reporting/diagnostics/specificview/${lineId}/[^/]+/${batchId}/[^/]+/`));
    await rows('report-parameters').first().waitFor({ timeout: 30_000 });
    await drawn('batch-curves');
    await rows('report-context').first().waitFor();
    await page.getByRole('heading', { level: 1, name: `Batch ${batchId} in its context` }).waitFor();
    await noSeriousViolations('specificview');
  });

  it('compare: three batches with the second as the reference, in the address; overlays and values', async () => {
    await page.goto('/reporting/diagnostics/compare');
    await rows('report-batches').nth(2).waitFor({ timeout: 30_000 });
    // The plant runs on: a batch ending meanwhile moves the rows down, so each batch is chosen by its id.
    const picked: string[] = [];
    for (let i = 0; i < 3; i += 1) picked.push((await rows('report-batches').nth(i).getByTestId('diag-batch-link').textContent()) ?? '');
    for (const id of picked) {
      const link = page.getByTestId('diag-batch-link').filter({ hasText: new RegExp(`^${id}$`) });
      await rows('report-batches').filter({ has: link }).getByTestId('compare-choose').click();
    }
    await until(() => search().get('batchIds') === picked.join(','), { what: 'the three batches in the address' });
    await page.getByRole('radio', { name: `Use batch ${picked[1]} as the reference` }).click();
    await until(() => search().get('goldenBatchId') === picked[1], { what: 'the reference in the address' });
    await drawn('diag-overlays');
    await page.getByTestId('diag-overlays').getByText(`${picked[1]} (reference)`).first().waitFor();
    await rows('compare-values').first().waitFor({ timeout: 15_000 });
    // The mixing table's rows come with its own answer, a moment after the values.
    await until(
      async () => {
        const n = await rows('compare-mixing').count();
        if (n !== 3) throw new Error(`${n} rows, address ${search().toString()}, picked ${picked.join(',')}`);
        return true;
      },
      { timeout: 15_000, what: 'a mixing row per compared batch' },
    );
    await noSeriousViolations('compare');

    // The address reproduces the compare.
    await page.reload();
    await drawn('diag-overlays');
    expect(await page.getByRole('radio', { name: `Use batch ${picked[1]} as the reference` }).isChecked()).toBe(true);
  });

  it('downstream: the conditioner trend against its limits', async () => {
    await page.goto('/reporting/diagnostics/downstream');
    await rows('diag-downstream').first().waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="diag-trend"][data-code="CONDITIONER_TEMP_C"] canvas').first().waitFor({ timeout: 15_000 });
    expect(await rows('diag-downstream').first().textContent()).toContain('CONDITIONER_TEMP_C');
    await noSeriousViolations('downstream');
  });

  it('PCS report: the pressure per material and per batch', async () => {
    await page.goto('/reporting/pcs/report');
    await rows('report-pressure').first().waitFor({ timeout: 30_000 });
    await rows('report-batches').first().waitFor();
    expect(await rows('report-pressure').first().textContent()).toContain('GROWER');
    expect(await rows('report-pressure').first().textContent()).toContain('PCS-1');
    await noSeriousViolations('pcs-report');
  });

  it('pressure chart: PRESSURE, then BOTH with the setpoint', async () => {
    await page.goto('/reporting/pcs/pressure');
    await drawn('pcs-sensor');
    expect(await page.getByTestId('pcs-graph-bucket').textContent()).toMatch(/\d/);
    await noSeriousViolations('pcs-pressure');
    await page.getByText('Pressure and setpoint', { exact: true }).click();
    await until(() => search().get('type') === 'BOTH', { what: 'BOTH in the address' });
    await page.getByTestId('pcs-sensor').getByText('Setpoint (bar)').waitFor();
    await drawn('pcs-sensor');
    await noSeriousViolations('pcs-pressure-both');
  });
});
