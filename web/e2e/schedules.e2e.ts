/**
 * Production schedules through the screens, against `batchline all` (api, ingest, the order
 * board and the simulated line controllers) with a private nats-server: a line and a recipe
 * released to production made over the api, then an order planned in the form, released from
 * its view and watched on the list as the plant runs its batches to COMPLETED; its view shows
 * the frozen control recipe and the batches made. Then the carry-over guard: the flush settings
 * saved in their dialog, an unmedicated order refused after a medicated one, and placed with a
 * flush between them. axe on the list, form, view and dialog. The dashboard says the line is
 * idle once nothing is left to run.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startApi, tokenFor, type ApiServer } from './support/api-server';
import { disconnect, newPage, notice, screenshot, seriousViolations, signIn, waitForPath } from './support/browser';
import { startNats, type Nats } from './support/nats';
import { until } from './support/paths';
import { setUpPlant } from './support/plant';

let nats: Nats;
let api: ApiServer;
let lineId: string;
let token: string;

beforeAll(async () => {
  nats = await startNats();
  api = await startApi({ NATS_URL: nats.url, SIM_LINES: '1', SIM_SPEED: '100', SIM_SEED: '11' }, 'all');
  token = await tokenFor(api, api.superEmail, api.superPassword, true);
  const plant = await setUpPlant(api, token);
  lineId = plant.lineId;
  await plant.releasedRecipe('GROWER', 'Grower GROWER', { product: 'Broiler grower crumble' });
  await plant.releasedRecipe('MEDSTART', 'Grower MEDSTART', { product: 'Broiler grower crumble', medicationClass: 'MEDICATED' });
}, 120_000);

afterAll(async () => {
  await disconnect();
  await api?.stop();
  await nats?.stop();
});

/** Picks the option matching `option` in the Mantine select whose label starts with `name`. */
async function choose(page: Page, name: string, option: RegExp): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${name}`) }).click();
  await page.getByRole('option', { name: option }).click();
}

const box = (page: Page, name: string) => page.getByRole('textbox', { name: new RegExp(`^${name}`) });

/** The list's row of order `number`. */
const row = (page: Page, number: string) => page.locator(`[data-testid="schedule-table"] tbody tr[data-order="${number}"]`);

/** Plans an order of `recipe` in the form; answers when the form has been sent. */
async function plan(page: Page, number: string, recipe: RegExp, batches: string): Promise<void> {
  await page.goto(`/scheduling/productionschedules?lineId=${lineId}`);
  await page.getByTestId('schedule-new').click();
  await page.getByTestId('schedule-form').waitFor();
  await choose(page, 'Recipe', recipe);
  await box(page, 'Order number').fill(number);
  await box(page, 'Batches').fill(batches);
  await page.getByTestId('schedule-submit').click();
}

describe('production schedule screens', () => {
  it('plans an order, releases it, and the list follows the plant running it to completion', async () => {
    const { context, page } = await newPage(api.url);
    try {
      await signIn(page, api.superEmail, api.superPassword, true);
      await waitForPath(page, '/dashboard');

      await page.goto(`/scheduling/productionschedules?lineId=${lineId}`);
      await page.getByTestId('schedule-empty').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // The form offers the production versions; the chosen one fills the batch size.
      await page.getByTestId('schedule-new').click();
      await page.getByTestId('schedule-form').waitFor();
      await choose(page, 'Recipe', /^GROWER · Grower GROWER · v1/);
      expect(await box(page, 'Batch size').inputValue()).toBe('1000');
      await box(page, 'Order number').fill('PO-100');
      await box(page, 'Batches').fill('2');
      await screenshot(page, 'schedule-form');
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('schedule-submit').click();
      await waitForPath(page, /^\/scheduling\/productionschedules\/view\/[\w-]+$/);
      await page.locator('[data-testid="view-header"] [data-status="PLANNED"]').waitFor();

      // Released from its view: the control recipe is frozen and the order goes on the board.
      await page.locator('[data-testid="view-actions"] [data-move="release"]').click();
      await page.getByTestId('confirm-move').click();
      // The list, opened beside the view at once, follows the plant: the order released or
      // running, its progress moving, then completed by itself (the plant runs two batches in
      // seconds; a list opened after the view's checks could find it finished already).
      const list = await context.newPage();
      await list.goto(`/scheduling/productionschedules?lineId=${lineId}`);
      const watched = row(list, 'PO-100');
      await watched.waitFor();
      const seen = new Set<string>();
      const completed = until(
        async () => {
          const status = (await watched.getByTestId('schedule-status').getAttribute('data-status')) ?? '';
          seen.add(status);
          return status === 'COMPLETED';
        },
        { timeout: 120_000, interval: 250, what: 'PO-100 to complete on the list' },
      );
      await page.locator('[data-testid="view-header"] :is([data-status="RELEASED"], [data-status="RUNNING"], [data-status="COMPLETED"])').waitFor();
      const weighings = page.getByTestId('control-weighings');
      await weighings.waitFor();
      expect(await weighings.locator('tbody tr').count()).toBe(3);
      await screenshot(page, 'schedule-view-released');
      expect(await seriousViolations(page)).toEqual([]);
      await completed;
      await list.close();
      expect(seen.has('RELEASED') || seen.has('RUNNING')).toBe(true);
      await page.goto(`/scheduling/productionschedules?lineId=${lineId}`);
      const order = row(page, 'PO-100');
      await order.waitFor();
      // kg produced are the scales' actuals: 2 × 1000 kg within the doses' tolerances (2 × 5.1 kg).
      const done = /2 \/ 2 batches · ([\d,.]+) kg/.exec((await order.getByTestId('schedule-progress').textContent()) ?? '');
      expect(done).not.toBeNull();
      expect(Math.abs(Number(done![1].replace(/,/g, '')) - 2000)).toBeLessThanOrEqual(10.2);
      expect(await order.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
      await screenshot(page, 'schedule-list-completed');
      expect(await seriousViolations(page)).toEqual([]);

      // At 1440 × 900 the whole table shows: no column cut, nothing to scroll sideways.
      await page.setViewportSize({ width: 1440, height: 900 });
      await screenshot(page, 'schedule-list-1440');
      const cut = await page.evaluate(() => {
        const out: string[] = [];
        if (document.documentElement.scrollWidth > window.innerWidth) out.push(`page ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
        const table = document.querySelector<HTMLElement>('[data-testid="schedule-table"]')!;
        const box = (table.closest('main') ?? document.body).getBoundingClientRect();
        for (const th of Array.from(table.querySelectorAll<HTMLElement>('thead th'))) {
          const r = th.getBoundingClientRect();
          if (r.right > box.right + 1 || r.right > window.innerWidth) out.push(`column "${th.textContent}" ends at ${Math.round(r.right)} of ${Math.round(box.right)}`);
        }
        return out;
      });
      expect(cut).toEqual([]);

      // Its view: the two batches the plant made.
      await order.getByRole('link', { name: 'PO-100' }).click();
      const batches = page.getByTestId('schedule-batches');
      await batches.waitFor();
      expect(await batches.locator('tbody tr').count()).toBe(2);
      expect(await seriousViolations(page)).toEqual([]);

      // With nothing left to run, the line's controller says IDLE and the dashboard says why.
      await page.goto('/dashboard');
      await page.locator(`[data-testid="line-state-${lineId}"][data-state="IDLE"]`).waitFor({ timeout: 30_000 });
      expect(await page.getByTestId(`line-no-batch-${lineId}`).textContent()).toBe('Idle: no released order to run');
    } finally {
      await context.close();
    }
  }, 240_000);

  it('refuses an unmedicated order after a medicated one and places it with a flush', async () => {
    const { context, page } = await newPage(api.url);
    try {
      await signIn(page, api.superEmail, api.superPassword, true);
      await waitForPath(page, '/dashboard');

      // The line's flush: 300 kg of maize, saved in the carry-over dialog.
      await page.goto(`/scheduling/productionschedules?lineId=${lineId}`);
      await page.getByTestId('carry-over-open').click();
      const dialog = page.getByRole('dialog', { name: 'Carry-over settings' });
      await dialog.getByTestId('carry-over-matrix').waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await choose(page, 'Flush material', /^CORN/);
      await dialog.getByRole('textbox', { name: /^Flush quantity/ }).fill('300');
      await dialog.getByTestId('carry-over-save').click();
      await notice(page, 'Carry-over settings saved').waitFor();
      await dialog.waitFor({ state: 'detached' });

      // Someone saves the settings while the dialog is open again: the grid is kept and compared
      // with theirs, then dropped for theirs on "reload".
      await page.getByTestId('carry-over-open').click();
      await dialog.getByTestId('carry-over-matrix').waitFor();
      const cell = dialog.getByRole('checkbox', { name: 'Flush required when Restricted additive follows None' });
      const ticked = await cell.isChecked();
      await cell.click();
      const stored = await call<{ data: Record<string, unknown> }>(api, 'GET', `/api/productionschedules/carryover?lineId=${lineId}`, undefined, token);
      const theirs = await call(api, 'POST', `/api/productionschedules/carryover/edit/${lineId}`, { ...stored.body.data, updatedAt: undefined, flushQuantityKg: 250 }, token);
      expect(theirs.status).toBe(200);
      await dialog.getByTestId('carry-over-save').click();
      const alert = dialog.getByTestId('stale-edit');
      await alert.waitFor();
      expect((await alert.textContent()) ?? '').toContain(`${api.superEmail} saved this at`);
      expect(await cell.isChecked()).toBe(!ticked);
      await alert.getByRole('button', { name: 'Compare with the saved version' }).click();
      const compared = await alert.getByTestId('stale-compare').locator('tbody tr').allTextContents();
      expect(compared).toHaveLength(2);
      expect(compared.some((r) => r.startsWith('Flush quantity') && r.includes('300') && r.includes('250'))).toBe(true);
      await screenshot(page, 'carry-over-stale-edit');
      expect(await seriousViolations(page)).toEqual([]);
      await alert.getByRole('button', { name: 'Discard mine and reload' }).click();
      await alert.waitFor({ state: 'detached' });
      expect(await dialog.getByRole('textbox', { name: /^Flush quantity/ }).inputValue()).toBe('250');
      expect(await cell.isChecked()).toBe(ticked);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await plan(page, 'PO-200', /^MEDSTART/, '1');
      await waitForPath(page, /^\/scheduling\/productionschedules\/view\/[\w-]+$/);

      // GROWER after MEDSTART needs a flush: refused, naming both orders, until placed with one.
      await plan(page, 'PO-201', /^GROWER/, '1');
      const conflict = page.getByTestId('carry-over-conflict');
      await conflict.waitFor();
      expect(await conflict.textContent()).toMatch(/PO-201.*PO-200|PO-200.*PO-201/);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('place-with-flush').click();
      await waitForPath(page, /^\/scheduling\/productionschedules\/view\/[\w-]+$/);

      await page.goto(`/scheduling/productionschedules?lineId=${lineId}&status=PLANNED`);
      await row(page, 'PO-201').waitFor();
      const rows = page.locator('[data-testid="schedule-table"] tbody tr');
      const kinds = await rows.evaluateAll((trs) => trs.map((tr) => `${tr.getAttribute('data-order')}:${tr.getAttribute('data-kind')}`));
      expect(kinds).toHaveLength(3);
      expect(kinds[0]).toBe('PO-200:PRODUCTION');
      expect(kinds[1]).toMatch(/:FLUSH$/);
      expect(kinds[2]).toBe('PO-201:PRODUCTION');
      expect(await page.locator('[data-testid="schedule-table"] tr[data-risk="true"]').count()).toBe(0);
      await screenshot(page, 'schedule-list-flush');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);
});
