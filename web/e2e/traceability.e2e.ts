/**
 * Traceability through the screens (issue 33, item 7), against `batchline all` (api, ingest,
 * the order board and the simulated line controller) with a private nats-server: the plant of
 * `setUpPlant`, a supplier (and a suspended one), a customer and a released recipe made over the
 * api. Then through the screens: a lot received at goods-in and put into BIN-01 at once, moved
 * from quarantine to released with its reason; an order released over the api runs its batches
 * from that bin, so the lot reaches them; a delivery of one of those batches recorded on the
 * deliveries screen; the lot's view draws its genealogy (bin → batches → order → delivery →
 * customer) and its table view; a batch traced back to the lot, and the batch record lists the
 * lots it used; the recall screen names the customer first and downloads the recall PDF. axe
 * finds no serious violation on any of these screens; each is photographed at the office size.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/api-server';
import { newPage, notice, OFFICE, screenshot, seriousViolations, signIn, waitForPath } from './support/browser';
import { until } from './support/paths';
import { downloaded, releaseOrder, startRunningPlant, stopRunningPlant, type RunningPlant } from './support/running-plant';

let running: RunningPlant;
let page: Page;
let recipeId: string;
let customerId: string;

beforeAll(async () => {
  running = await startRunningPlant(33);
  const { plant } = running;
  recipeId = await plant.releasedRecipe('GROWER', 'Grower GROWER');
  await plant.post('/api/suppliers/add', { code: 'AGRI', name: 'Agri Trade', approval: 'APPROVED', address: 'Hafenstraße 1, Bremen' });
  await plant.post('/api/suppliers/add', { code: 'BADCO', name: 'Bad Grain Co', approval: 'SUSPENDED' });
  customerId = await plant.post('/api/customers/add', { code: 'FARM-A', name: 'Hof Meyer', address: 'Dorfstraße 3' });
  const { context, page: p } = await newPage(running.api.url, OFFICE);
  running.contexts.push(context);
  page = p;
  await signIn(page, running.api.superEmail, running.api.superPassword, true);
  await waitForPath(page, '/dashboard');
}, 300_000);

afterAll(() => stopRunningPlant(running));

/** Picks the option matching `option` in the Mantine select whose label starts with `name`. */
async function choose(name: string, option: RegExp): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${name}`) }).click();
  await page.getByRole('option', { name: option }).click();
}

const box = (name: string | RegExp) => page.getByRole('textbox', { name: typeof name === 'string' ? new RegExp(`^${name}`) : name });

async function clean(name: string): Promise<void> {
  await screenshot(page, `trace-${name}`);
  expect(await seriousViolations(page)).toEqual([]);
}

interface Trace {
  bins: { binCode: string }[];
  batches: { batchId: string; lineId: string; orderId?: string | null; kg: number }[];
  deliveries: unknown[];
  customers: { code: string; lotKg: number }[];
}

const traceOf = async (lotId: string) => (await call<{ data: Trace }>(running.api, 'GET', `/api/trace/lot/${lotId}`, undefined, running.token)).body.data;

describe('traceability screens', () => {
  let lotId = '';
  let batch: Trace['batches'][number];

  it('receives a lot at goods-in, puts it into a bin and releases it with a reason', async () => {
    await page.goto('/traceability/lots');
    await page.getByTestId('lot-empty').waitFor();
    await clean('lots-empty');

    await page.getByTestId('goods-in').click();
    await waitForPath(page, '/traceability/lots/new');
    await page.getByTestId('lot-form').waitFor();
    // The suspended supplier is not offered, and the form says why.
    await page.getByText(/Not listed: 1 suspended supplier \(BADCO\)/).waitFor();
    await choose('Material', /^CORN · Maize/);
    await choose('Supplier', /^AGRI · Agri Trade/);
    await box('Lot number').fill('M-2211');
    await box('Quantity').fill('3000');
    await box('Certificate').fill('COA-77');
    expect(await page.getByRole('radio', { name: 'In quarantine' }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: /^Put the lot into a bin now/ }).check();
    await choose('Bin', /^BIN-01/);
    await clean('goods-in');
    await page.getByTestId('lot-submit').click();

    await waitForPath(page, /^\/traceability\/lots\/view\/[\w-]+$/);
    lotId = page.url().split('/').pop() ?? '';
    await page.getByTestId('lot-view').waitFor();
    await notice(page, 'Lot M-2211 received').waitFor();
    await notice(page, /put into bin BIN-01/).waitFor();
    expect(await page.getByTestId('fill-failed').count()).toBe(0);
    expect(await page.getByTestId('lot-view').getByTestId('lot-status').first().getAttribute('data-status')).toBe('QUARANTINE');

    // Released with its reason: the reason is asked for first.
    await page.getByTestId('lot-status-open').click();
    const dialog = page.getByRole('dialog', { name: 'Change the status of lot M-2211' });
    await dialog.getByTestId('confirm-status').click();
    await dialog.getByText('Give the reason for the change').waitFor();
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('COA-77 checked: aflatoxin below the limit');
    await clean('status-dialog');
    await dialog.getByTestId('confirm-status').click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[data-testid="lot-view"] [data-testid="lot-status"][data-status="RELEASED"]').first().waitFor();
    expect(await page.getByTestId('lot-status-line').textContent()).toContain('COA-77 checked: aflatoxin below the limit');

    // The fill went over the bus; ingest puts the portion into the bin.
    await until(async () => (await traceOf(lotId)).bins.length > 0, { timeout: 30_000, interval: 500, what: 'the fill to reach the bin' });

    // "Put into a bin" offers the bins of the line that hold the material.
    await page.getByTestId('lot-fill-open').click();
    const fill = page.getByRole('dialog', { name: 'Put lot M-2211 into a bin' });
    await page.getByRole('combobox', { name: /^Bin/ }).click();
    await page.getByRole('option', { name: /^BIN-01/ }).waitFor();
    expect(await page.getByRole('option', { name: /^BIN-/ }).allTextContents()).toEqual([expect.stringMatching(/^BIN-01/)]);
    await page.keyboard.press('Escape');
    await clean('fill-dialog');
    await fill.getByRole('button', { name: 'Cancel' }).click();
    await fill.waitFor({ state: 'detached' });

    // Its edit form, with the facts as received.
    await page.getByRole('link', { name: 'Edit' }).click();
    await waitForPath(page, /^\/traceability\/lots\/edit\//);
    expect(await box('Lot number').inputValue()).toBe('M-2211');
    await clean('lot-edit');

    await page.goto('/traceability/lots?status=RELEASED');
    const row = page.locator('[data-testid="lot-table"] tbody tr[data-lot="M-2211"]');
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('RELEASED');
    await clean('lots-list');
    await page.goto('/traceability/lots?status=BLOCKED');
    await page.getByTestId('lot-empty').waitFor();
  }, 120_000);

  it('follows the lot into the batches of an order the plant runs', async () => {
    const order = await releaseOrder(running, recipeId, 'PO-TR1', 2);
    await until(
      async () => (await call<{ data: { status: string } }>(running.api, 'GET', `/api/productionschedules/${order}`, undefined, running.token)).body.data.status === 'COMPLETED',
      { timeout: 180_000, interval: 1000, what: 'PO-TR1 to complete' },
    );
    const trace = await until(async () => {
      const t = await traceOf(lotId);
      return t.batches.length >= 2 ? t : null;
    }, { timeout: 30_000, interval: 500, what: 'the lot in two batches' });
    batch = trace.batches[0];
    expect(batch.orderId).toBe(order);
    expect(batch.kg).toBeGreaterThan(0);
  }, 240_000);

  it('records a delivery of one of those batches on the deliveries screen', async () => {
    await page.goto('/traceability/deliveries');
    await page.getByTestId('delivery-empty').waitFor();
    await clean('deliveries-empty');
    await page.getByTestId('delivery-new').click();
    await waitForPath(page, '/traceability/deliveries/new');
    await page.getByTestId('delivery-form').waitFor();
    await box('Delivery number').fill('LS-1001');
    await choose('Customer', /^FARM-A · Hof Meyer/);
    await box('Vehicle').fill('HB-AB 123');
    // The batch picked from what the line made and has not delivered: its kilograms fill in.
    await choose('Batch number of row 1', new RegExp(`^${batch.batchId}`));
    expect(Number(await box('Kilograms of row 1').inputValue())).toBeGreaterThan(0);
    await clean('delivery-form-picked');
    // More than the batch made: refused on its row.
    await box('Kilograms of row 1').fill('5000');
    await page.getByTestId('delivery-submit').click();
    await page.locator('[data-testid="delivery-rows"] tr[data-row="1"]').getByText(/are left to deliver/).waitFor();
    await clean('delivery-form-refused');
    await box('Kilograms of row 1').fill('800');
    await page.getByTestId('delivery-submit').click();
    await waitForPath(page, /^\/traceability\/deliveries\/view\/[\w-]+$/);
    await notice(page, 'Delivery LS-1001 recorded').waitFor();
    const lots = page.getByTestId('delivery-lots-table');
    await lots.waitFor();
    expect(await lots.textContent()).toContain('M-2211');
    expect(await lots.textContent()).toContain('Agri Trade');
    await clean('delivery-view');

    // Its edit form holds the batch loaded.
    await page.getByRole('link', { name: 'Edit' }).click();
    await waitForPath(page, /^\/traceability\/deliveries\/edit\//);
    expect(await page.getByRole('combobox', { name: /^Batch number of row 1/ }).inputValue()).toBe(batch.batchId);
    await clean('delivery-edit');

    await page.goto('/traceability/deliveries');
    const row = page.locator('[data-testid="delivery-table"] tbody tr[data-delivery="LS-1001"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('HB-AB 123');
    await clean('deliveries-list');
  }, 120_000);

  it("draws the lot's genealogy forward, and as a table", async () => {
    await page.goto(`/traceability/lots/view/${lotId}`);
    const diagram = page.getByTestId('genealogy-diagram');
    await diagram.waitFor();
    await diagram.locator('[data-kind="customer"]').first().waitFor();
    expect(await diagram.locator('[data-kind="bin"]').allTextContents()).toEqual([expect.stringContaining('BIN-01')]);
    expect(await diagram.locator('[data-kind="batch"]').count()).toBeGreaterThanOrEqual(2);
    expect(await diagram.locator('[data-kind="order"]').allTextContents()).toEqual([expect.stringContaining('PO-TR1')]);
    expect(await diagram.locator('[data-kind="delivery"]').allTextContents()).toEqual([expect.stringContaining('LS-1001')]);
    expect(await diagram.locator('[data-kind="customer"]').allTextContents()).toEqual([expect.stringContaining('FARM-A')]);
    // The order leads to the delivery once the delivery is read.
    await diagram.locator(`path[data-edge^="order:"][data-edge$=">delivery:${await deliveryId()}"]`).waitFor({ state: 'attached' });
    const text = await page.getByTestId('genealogy-summary').textContent();
    expect(text).toContain('1 delivery took it to 1 customer');
    await clean('lot-view');
    await page.getByTestId('genealogy').scrollIntoViewIfNeeded();
    await screenshot(page, 'trace-lot-genealogy');

    await page.getByTestId('genealogy-view').getByText('Table', { exact: true }).click();
    const table = page.getByTestId('genealogy-table');
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBeGreaterThanOrEqual(6);
    await clean('lot-genealogy-table');
    await page.getByTestId('genealogy-view').getByText('Diagram', { exact: true }).click();
    await page.getByTestId('genealogy-diagram').waitFor();
  }, 60_000);

  it('traces a batch back to the lot, and its record lists the lots it used', async () => {
    await page.goto(`/traceability/lots/view/${lotId}`);
    await page.getByTestId('genealogy-diagram').locator(`[data-kind="batch"]`).filter({ hasText: batch.batchId }).first().click();
    await waitForPath(page, /^\/traceability\/batch\//);
    const lots = page.getByTestId('lots-used-table');
    await lots.waitFor();
    expect(await lots.textContent()).toContain('M-2211');
    await page.getByTestId('trace-doses-table').waitFor();
    await clean('batch-trace');

    await page.getByTestId('batch-record-link').click();
    await waitForPath(page, /^\/reporting\/batch\/batchdetails\//);
    const used = page.getByTestId('lots-used');
    await used.getByTestId('lots-used-table').waitFor();
    expect(await used.getByRole('link', { name: 'M-2211' }).count()).toBeGreaterThanOrEqual(1);
    await used.scrollIntoViewIfNeeded();
    await clean('batch-record-lots');
  }, 60_000);

  it('recalls the lot: the customer first, then everything affected, and the recall PDF', async () => {
    await page.goto(`/traceability/lots/view/${lotId}`);
    await page.getByTestId('lot-recall').click();
    await waitForPath(page, '/traceability/recall');
    const customers = page.getByTestId('trace-customers-table');
    await customers.waitFor();
    expect(await customers.locator('tbody tr').first().textContent()).toContain('FARM-A');
    expect(await page.getByTestId('recall-summary').textContent()).toMatch(/^1 customer received [\d,.]+ kg of this lot in 1 delivery/);
    await clean('recall');

    const [response, file] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/trace/recall/generatePdf')), downloaded(page, 'recall-pdf')]);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.request().headers()['accept-language']).toBe('en');
    expect(file.name).toMatch(/^Recall_M-2211_\d{4}-\d{2}-\d{2}_\d{4}\.pdf$/);
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // Picked from the search instead: the same lot.
    await page.goto('/traceability/recall');
    await page.getByTestId('recall-idle').waitFor();
    await page.getByRole('combobox', { name: /^Lot/ }).fill('2211');
    await page.getByRole('option', { name: /^M-2211 · CORN · AGRI/ }).click();
    await page.getByTestId('recall-result').waitFor();
    expect(new URL(page.url()).searchParams.get('lotId')).toBe(lotId);
  }, 90_000);
});

async function deliveryId(): Promise<string> {
  const list = await call<{ data: { _id: string; deliveryNumber: string }[] }>(running.api, 'GET', `/api/deliveries?customerId=${customerId}`, undefined, running.token);
  return list.body.data.find((d) => d.deliveryNumber === 'LS-1001')?._id ?? '';
}
