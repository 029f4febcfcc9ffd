/**
 * The live dashboard against `batchline all` (api, ingest, stream and the simulated mill) with a
 * private nats-server: tiles change state and batch progress moves, each with its "Today"
 * section (the simulator's own lines are not configured, so no production of theirs is
 * reported); after the process is restarted the page recovers by itself and shows fresh data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiServer } from './support/api-server';
import { disconnect, newPage, screenshot, seriousViolations, signIn, waitForPath } from './support/browser';
import { startNats, type Nats } from './support/nats';
import { until } from './support/paths';

let nats: Nats;
let api: ApiServer;

beforeAll(async () => {
  nats = await startNats();
  api = await startApi({ NATS_URL: nats.url, SIM_LINES: '2', SIM_SPEED: '20', SIM_SEED: '7' }, 'all');
}, 90_000);

afterAll(async () => {
  await disconnect();
  await api?.stop();
  await nats?.stop();
});

describe('live dashboard', () => {
  it('shows lines change state and batch progress move, and recovers after a restart', async () => {
    const { context, page } = await newPage(api.url);
    try {
      await signIn(page, api.superEmail, api.superPassword, true);
      await waitForPath(page, '/dashboard');
      const tile = page.getByTestId('line-tile-L1');
      await tile.waitFor({ timeout: 30_000 });
      // Its figures of today come from the api, which knows only configured lines: none yet.
      await page.getByTestId('today-empty-L1').waitFor();

      // Batch progress moves.
      const progress = page.getByTestId('line-progress-L1');
      const first = Number(await until(async () => (await progress.count()) && (await progress.getAttribute('data-value')), { timeout: 60_000, what: 'a running batch on L1' }));
      await until(async () => {
        const now = Number((await progress.count()) ? await progress.getAttribute('data-value') : -1);
        return now !== first && now >= 0;
      }, { timeout: 60_000, what: 'the progress of L1 to move' });

      // The line changes state (a batch ends, the line idles or stops, then runs again).
      const state = page.getByTestId('line-state-L1');
      const seen = new Set<string>();
      await until(async () => {
        seen.add((await state.getAttribute('data-state')) ?? '');
        return seen.size >= 2;
      }, { timeout: 90_000, interval: 50, what: 'L1 to change state' });

      await screenshot(page, 'live-dashboard-desktop');
      expect(await seriousViolations(page)).toEqual([]);

      // Restart the whole process (api, stream, ingest, simulator): the page notices, goes
      // offline, reconnects by itself and shows fresh data again.
      const before = await page.getByTestId('line-age-L1').textContent();
      await api.restart();
      await page.getByTestId('live-offline').waitFor({ state: 'detached', timeout: 60_000 });
      await until(async () => {
        const age = page.getByTestId('line-age-L1');
        const stale = await page.getByTestId('line-tile-L1').getAttribute('data-stale');
        return stale === 'false' && (await age.textContent()) !== null;
      }, { timeout: 60_000, what: 'fresh data after the restart' });
      expect(before).not.toBeNull();
      // Progress keeps moving after the restart.
      const after = Number(await until(async () => (await progress.count()) && (await progress.getAttribute('data-value')), { timeout: 60_000, what: 'a batch after the restart' }));
      await until(async () => {
        const now = Number((await progress.count()) ? await progress.getAttribute('data-value') : -1);
        return now !== after && now >= 0;
      }, { timeout: 60_000, what: 'progress to move after the restart' });
    } finally {
      await context.close();
    }
  }, 300_000);

  it('kiosk mode drops the chrome and the realtime diagnostics follow the running batch', async () => {
    const { context, page } = await newPage(api.url);
    try {
      await signIn(page, api.superEmail, api.superPassword, true);
      await waitForPath(page, '/dashboard');
      await page.goto('/?kiosk=1');
      await page.getByTestId('kiosk').waitFor();
      await page.getByTestId('line-tile-L1').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('user-menu').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe('dark');
      await screenshot(page, 'live-kiosk-desktop');
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/reporting/diagnostics/realtime?lineId=L1');
      await page.getByTestId('diag-batch').waitFor({ timeout: 30_000 });
      // An ingredient is dosed or weighed within a batch.
      await page.getByTestId('diag-ingredients').waitFor({ timeout: 60_000 });
      await page.getByTestId('chart-MIXER_POWER_KW').waitFor();
      await screenshot(page, 'live-diagnostics-desktop');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
