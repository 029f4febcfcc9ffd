/**
 * The live dashboard against `batchline all` (api, ingest, stream and the simulated mill) with a
 * private nats-server: the configured line runs a released order; its tile changes state and
 * batch progress moves, with its "Today" section; the simulator's own line `L1` (a line id no
 * configured line has) gets no tile; after the process is restarted the page recovers by
 * itself and shows fresh data, and its "Plant events" resume from the last position it saw
 * (issue 36): the new socket subscribes with `since`, nothing is refused as not recoverable and
 * no event shows twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, screenshot, seriousViolations, signIn, waitForPath } from './support/browser';
import { until } from './support/paths';
import { releaseOrder, startRunningPlant, stopRunningPlant, type RunningPlant } from './support/running-plant';

let plant: RunningPlant;
let lineId: string;

beforeAll(async () => {
  plant = await startRunningPlant(7, 20);
  lineId = plant.lineId;
  await releaseOrder(plant, await plant.plant.releasedRecipe('LIVE', 'Live grower'), 'PO-LIVE', 200);
}, 120_000);

afterAll(() => stopRunningPlant(plant));

describe('live dashboard', () => {
  it('shows lines change state and batch progress move, and recovers after a restart', async () => {
    const { context, page } = await newPage(plant.api.url);
    // What the page's sockets send and receive: the subscriptions and any refusal.
    const sent: string[] = [];
    const received: string[] = [];
    page.on('websocket', (ws) => {
      ws.on('framesent', (f) => sent.push(String(f.payload)));
      ws.on('framereceived', (f) => received.push(String(f.payload)));
    });
    try {
      await signIn(page, plant.api.superEmail, plant.api.superPassword, true);
      await waitForPath(page, '/dashboard');
      const tile = page.getByTestId(`line-tile-${lineId}`);
      await tile.waitFor({ timeout: 30_000 });
      await page.getByTestId(`today-${lineId}`).waitFor();

      // Batch progress moves.
      const progress = page.getByTestId(`line-progress-${lineId}`);
      const first = Number(await until(async () => (await progress.count()) && (await progress.getAttribute('data-value')), { timeout: 60_000, what: 'a running batch' }));
      await until(async () => {
        const now = Number((await progress.count()) ? await progress.getAttribute('data-value') : -1);
        return now !== first && now >= 0;
      }, { timeout: 60_000, what: 'the progress to move' });

      // The line changes state (a batch ends, the line idles or stops, then runs again).
      const state = page.getByTestId(`line-state-${lineId}`);
      const seen = new Set<string>();
      await until(async () => {
        seen.add((await state.getAttribute('data-state')) ?? '');
        return seen.size >= 2;
      }, { timeout: 90_000, interval: 50, what: 'the line to change state' });

      // The simulator's own line is not configured: no tile (the diagnostics screen lists it).
      expect(await page.getByTestId('line-tile-L1').count()).toBe(0);
      await screenshot(page, 'live-dashboard-desktop');
      expect(await seriousViolations(page)).toEqual([]);

      // The plant's events: at least a batch started on the line, with its offset.
      await until(async () => (await page.locator('[data-testid="plant-event"][data-kind="batch"]').count()) > 0, { timeout: 60_000, what: 'a batch event' });
      const offsets = async () => (await page.getByTestId('plant-event').evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-offset')))));
      const newestBefore = Math.max(...(await offsets()));

      // Restart the whole process (api, stream, ingest, simulator): the page notices, goes
      // offline, reconnects by itself and shows fresh data again.
      const before = await page.getByTestId(`line-age-${lineId}`).textContent();
      const subscribesBefore = sent.filter((f) => f.includes('"subscribe"')).length;
      await plant.api.restart();
      await page.getByTestId('live-offline').waitFor({ state: 'detached', timeout: 60_000 });
      await until(async () => {
        const age = page.getByTestId(`line-age-${lineId}`);
        const stale = await page.getByTestId(`line-tile-${lineId}`).getAttribute('data-stale');
        return stale === 'false' && (await age.textContent()) !== null;
      }, { timeout: 60_000, what: 'fresh data after the restart' });
      expect(before).not.toBeNull();
      // Progress keeps moving after the restart.
      const after = Number(await until(async () => (await progress.count()) && (await progress.getAttribute('data-value')), { timeout: 60_000, what: 'a batch after the restart' }));
      await until(async () => {
        const now = Number((await progress.count()) ? await progress.getAttribute('data-value') : -1);
        return now !== after && now >= 0;
      }, { timeout: 60_000, what: 'progress to move after the restart' });

      // The events resumed: the new socket asked for what came after the last one seen, none
      // was refused, new ones came after it and none shows twice.
      const resubscribed = sent.filter((f) => f.includes('"subscribe"')).slice(subscribesBefore);
      const since = resubscribed.map((f) => (JSON.parse(f) as { since?: { offset: number } }).since?.offset ?? -1);
      expect(since.some((o) => o >= newestBefore), JSON.stringify(resubscribed)).toBe(true);
      expect(received.filter((f) => f.includes('notRecoverable'))).toEqual([]);
      await until(async () => Math.max(...(await offsets())) > newestBefore, { timeout: 60_000, what: 'events after the restart' });
      const shown = await offsets();
      expect(new Set(shown).size).toBe(shown.length);
    } finally {
      await context.close();
    }
  }, 300_000);

  it('kiosk mode drops the chrome and the realtime diagnostics follow the running batch', async () => {
    const { context, page } = await newPage(plant.api.url);
    try {
      await signIn(page, plant.api.superEmail, plant.api.superPassword, true);
      await waitForPath(page, '/dashboard');
      await page.goto('/?kiosk=1');
      await page.getByTestId('kiosk').waitFor();
      await page.getByTestId(`line-tile-${lineId}`).waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('user-menu').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
      await screenshot(page, 'live-kiosk-desktop');
      expect(await seriousViolations(page)).toEqual([]);

      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`/reporting/diagnostics/realtime?lineId=${lineId}`);
      await page.getByTestId('diag-batch').waitFor({ timeout: 30_000 });
      // Every ingredient of the batch's plan is listed from the start, each with its state; the
      // one on the scale draws its curve; the phase follows the batch from dosing to mixing.
      const phases = new Set<string>();
      let dosingSeen = false;
      await until(async () => {
        const phase = page.getByTestId('diag-phase');
        if (await phase.count()) phases.add((await phase.getAttribute('data-phase')) ?? '');
        const states = await page.locator('[data-testid="diag-ingredients"] tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-state')));
        if (states.includes('DOSING') && states.includes('WAITING')) {
          // The scale curve has points while it doses.
          dosingSeen ||= Number(await page.getByTestId('chart-DOSING_KG').getAttribute('data-points')) > 1;
          expect(states).toHaveLength(3); // the recipe's three ingredients, from the start
        }
        return dosingSeen && phases.has('DOSING') && phases.has('MIXING');
      }, { timeout: 120_000, interval: 100, what: 'a dose with the ingredients still to come, then the mixing phase' });
      await page.getByTestId('chart-MIXER_POWER_KW').waitFor();
      await screenshot(page, 'live-diagnostics-desktop');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
