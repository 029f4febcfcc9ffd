/**
 * The wall display for weeks (issue 14): `/dashboard?kiosk=1`, signed in as a plain user,
 * against `batchline all` with the simulator at 100× (its own line L1, and the configured line
 * running a released order).
 *
 * Soak: the JS heap after garbage collection is sampled while the live data flows; after a
 * warm-up its least-squares slope is extrapolated to 24 hours and printed with the samples.
 *
 * Outage: the server process stops; every tile must show stale within 5 s. The server stays
 * away for 30 minutes of the page's time (Playwright's fake clock, paused and moved on by the
 * test): the page must not reload, and its reconnect attempts must stay within what the
 * back-off allows. Then the server starts again on the same port and database and, without a
 * reload, the configured line's tile must leave stale with data newer than the restart within
 * one capped back-off interval and a margin. (L1, the simulator's own line while no line is
 * configured, is no configured line: it has no tile.)
 *
 * `SOAK_MINUTES` sets the soak (default 2, for CI). From 30 minutes on ("long", `make soak`
 * runs 60) the 24-hour goal (≤ 5 MB) is asserted and the whole outage is stepped attempt by
 * attempt; shorter soaks assert only a bound a real leak breaks (SHORT_BOUND_MB_PER_DAY) and
 * step the outage's first minutes (STEPPED_MS).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECONNECT_CAP_MS, RECONNECT_FIRST_MS, RECONNECT_JITTER } from '@/lib/live/reconnect';
import { registeredUser } from './support/api-server';
import { newPage, screenshot, seriousViolations, signIn, waitForPath } from './support/browser';
import { fit, heapMeter, perDayMB, type HeapSample } from './support/heap';
import { until } from './support/paths';
import { releaseOrder, startRunningPlant, stopRunningPlant, type RunningPlant } from './support/running-plant';

const SOAK_MINUTES = Number(process.env.SOAK_MINUTES ?? '2');
const LONG = SOAK_MINUTES >= 30;
const SOAK_MS = SOAK_MINUTES * 60_000;
const SAMPLE_EVERY_MS = (LONG ? 15 : 10) * 1000;
/** Samples before this are left out of the fit: code is compiled and caches fill as the page starts. */
const WARM_UP_MS = (LONG ? 300 : 30) * 1000;
const GOAL_MB_PER_DAY = 5;
/**
 * What a short soak asserts. The heap after GC moves by up to ~1 MB between samples with what
 * the tiles show at that moment (a batch with its progress bar or none, an SPC badge, today's
 * stop list), so the slope of 90 s swings by hundreds of MB/24h with nothing leaking: 484 and
 * 840 in two 2-minute runs, where a 10-minute run gave 5.5. A real leak on this page keeps what
 * flows through it: the socket delivers ~75 frames a second at 100×, and keeping each (≥ 1 KB
 * as objects) grows ≥ 6 GB/24h. 3000 MB/24h (~35 KB/s) sits above the swing and below such
 * leaks; the long run is the measurement against the goal.
 */
const SHORT_BOUND_MB_PER_DAY = 3000;
const STALE_WITHIN_MS = 5_000;
const OUTAGE_MS = 30 * 60_000;
/**
 * The part of the outage stepped attempt by attempt. Chromium delays a renderer's WebSocket
 * connections by 1–5 s each once dozens failed within minutes, so the 100-odd attempts of 30
 * minutes squeezed into seconds take about 5 minutes of real time: the long run steps them all,
 * CI the first 5 minutes (the ramp to the cap and well beyond), and the rest of the 30 minutes
 * passes at once, as for a display that slept (each due timer fires once).
 */
const STEPPED_MS = LONG ? OUTAGE_MS : 5 * 60_000;
/** The page's clock moves on in steps this long, each waiting for its reconnect attempt to fail. */
const STEP_MS = 5_000;
/** Reconnect attempts the back-off allows in `ms`: the ramp (0.5 s doubling to the cap), then the cap, jittered. */
function attemptsAllowed(ms: number): { fewest: number; most: number } {
  const ramp = Math.ceil(Math.log2(RECONNECT_CAP_MS / RECONNECT_FIRST_MS));
  return {
    fewest: Math.floor(ms / (RECONNECT_CAP_MS * (1 + RECONNECT_JITTER))),
    most: ramp + Math.ceil(ms / (RECONNECT_CAP_MS * (1 - RECONNECT_JITTER))),
  };
}

let plant: RunningPlant;
let page: Page;

/** What the page did that the test counts: sockets and frames as Playwright sees them, loads, errors. */
const seen = { sockets: 0, frames: 0, navigations: 0, loads: 0, errors: [] as string[] };

interface Tile {
  id: string;
  stale: boolean;
  updatedAt: number;
}

/** The live tiles as the page shows them. */
async function tiles(): Promise<Tile[]> {
  const raw = await page.locator('[data-testid^="line-tile-"]').evaluateAll((els) =>
    els.map((e) => {
      const d = (e as HTMLElement).dataset;
      return { id: d.testid ?? '', stale: d.stale ?? '', updatedAt: d.updatedAt ?? '' };
    }),
  );
  return raw.map((t) => ({ id: t.id.slice('line-tile-'.length), stale: t.stale === 'true', updatedAt: Date.parse(t.updatedAt) || 0 }));
}

const newest = (ts: Tile[]) => Math.max(0, ...ts.map((t) => t.updatedAt));
const mb = (bytes: number) => (bytes / 1e6).toFixed(2);

/**
 * The page's own count of the WebSockets it created and that closed (an init script). Playwright
 * reports a socket only once Chromium starts connecting it, which it may delay by seconds after
 * failures; stepping the clock must wait for each attempt the page made.
 */
interface SocketProbe {
  created: number;
  closed: number;
}
const probe = () => page.evaluate(() => (window as unknown as { socketProbe: SocketProbe }).socketProbe);

/** The page loaded again since the wall display opened: main-frame navigations, loads, or a lost window marker. */
const reloads = async () => seen.navigations + seen.loads + ((await page.evaluate(() => (window as unknown as { soakMarker?: boolean }).soakMarker)) ? 0 : 1);

beforeAll(async () => {
  plant = await startRunningPlant(14, 100);
  const recipe = await plant.plant.releasedRecipe('SOAK', 'Soak grower');
  // Enough orders (1000 batches at most each) to outlast the soak: a batch takes 2–3 s at 100×.
  for (let left = Math.max(200, Math.ceil(SOAK_MINUTES * 60)), n = 1; left > 0; left -= 1000, n += 1) {
    await releaseOrder(plant, recipe, `PO-SOAK-${n}`, Math.min(1000, left));
  }
  const email = 'wall@plant.test';
  const password = await registeredUser(plant.api, email, 'PRIVILEGE');

  const opened = await newPage(plant.api.url);
  plant.contexts.push(opened.context);
  page = opened.page;
  await signIn(page, email, password);
  await waitForPath(page, '/dashboard');
  // The fake clock goes in before the wall display loads; it flows with real time until the
  // outage pauses it.
  await page.clock.install();
  await page.addInitScript(() => {
    const probe = { created: 0, closed: 0 };
    (window as unknown as { socketProbe: SocketProbe }).socketProbe = probe;
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        probe.created += 1;
        this.addEventListener('close', () => {
          probe.closed += 1;
        });
      }
    };
  });
  page.on('websocket', (ws) => {
    seen.sockets += 1;
    ws.on('framereceived', () => {
      seen.frames += 1;
    });
  });
  page.on('pageerror', (e) => seen.errors.push(String(e)));
  await page.goto('/dashboard?kiosk=1');
  await page.getByTestId('kiosk').waitFor();
  // The configured line only: the simulator's own L1 is no configured line, so it has no tile.
  await until(async () => (await tiles()).some((t) => t.id === plant.lineId && !t.stale), { timeout: 60_000, what: 'the line fresh on the wall display' });
  // From here on the page must never load again.
  await page.evaluate(() => {
    (window as unknown as { soakMarker: boolean }).soakMarker = true;
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.navigations += 1;
  });
  page.on('load', () => {
    seen.loads += 1;
  });
}, 240_000);

afterAll(() => stopRunningPlant(plant));

describe('the wall display for weeks', () => {
  it(`keeps its JS heap flat while live data flows (${SOAK_MINUTES} min soak)`, async () => {
    const meter = await heapMeter(page);
    const start = Date.now();
    const framesBefore = seen.frames;
    const samples: HeapSample[] = [];
    let lastNewest = newest(await tiles());
    for (let due = start; due <= start + SOAK_MS; due += SAMPLE_EVERY_MS) {
      // The soak is time passing while data flows: each interval must bring newer data (asked
      // once a second, so that the test's own calls into the page stay few).
      await until(
        async () => {
          if (Date.now() < due) return null;
          const ts = await tiles();
          return newest(ts) > lastNewest ? ts : null;
        },
        { timeout: SAMPLE_EVERY_MS + 30_000, interval: 1000, what: 'the tiles to show newer data' },
      );
      lastNewest = newest(await tiles());
      samples.push({ atS: (Date.now() - start) / 1000, ...(await meter()) });
    }
    const soakS = (Date.now() - start) / 1000;
    const frames = seen.frames - framesBefore;
    const fitted = samples.filter((s) => s.atS * 1000 >= WARM_UP_MS);
    const js = fit(fitted.map((s) => [s.atS, s.jsBytes]));
    const dom = fit(fitted.map((s) => [s.atS, s.domBytes]));
    const bound = LONG ? GOAL_MB_PER_DAY : SHORT_BOUND_MB_PER_DAY;
    console.log(
      [
        `kiosk soak: ${soakS.toFixed(0)} s, ${frames} live frames (${(frames / soakS).toFixed(1)}/s), tiles at the end: ` +
          `${(await tiles()).map((t) => `${t.id} ${t.stale ? 'stale' : 'fresh'}`).join(', ')}; heap after GC (least of 3 readings), JS / DOM (MB):`,
        ...samples.map((s) => `  ${s.atS.toFixed(0).padStart(5)} s  ${mb(s.jsBytes)} / ${mb(s.domBytes)}${s.atS * 1000 < WARM_UP_MS ? '  (warm-up)' : ''}`),
        `JS heap growth extrapolated to 24 h: ${perDayMB(js.slope).toFixed(1)} ± ${perDayMB(js.se).toFixed(1)} MB (least squares after ${WARM_UP_MS / 1000} s of warm-up, ± its standard error; ` +
          `goal ≤ ${GOAL_MB_PER_DAY} MB${LONG ? '' : `, a ${SOAK_MINUTES} min soak asserts ≤ ${SHORT_BOUND_MB_PER_DAY} MB`}); DOM heap: ${perDayMB(dom.slope).toFixed(1)} ± ${perDayMB(dom.se).toFixed(1)} MB/24h`,
      ].join('\n'),
    );
    expect(fitted.length).toBeGreaterThanOrEqual(3);
    expect(perDayMB(js.slope)).toBeLessThanOrEqual(bound);
    expect(await reloads()).toBe(0);
    expect(seen.errors).toEqual([]);
  }, SOAK_MS + 180_000);

  it('shows stale within 5 s when the server goes away, backs off through 30 minutes without reloading, and recovers by itself', async () => {
    // The tiles with fresh data when the server stops (an idle line sends nothing and shows
    // stale after STALE_AFTER_S anyway); the configured line runs its orders.
    await until(async () => (await tiles()).some((t) => t.id === plant.lineId && !t.stale), { timeout: 60_000, what: 'the line fresh before the outage' });
    const ids = (await tiles()).filter((t) => !t.stale).map((t) => t.id);

    // The server goes away: each tile's time from the stop to its stale state.
    const stoppedAt = Date.now();
    const down = plant.api.down();
    const staleAfter = new Map<string, number>();
    await until(
      async () => {
        for (const t of await tiles()) if (t.stale && !staleAfter.has(t.id)) staleAfter.set(t.id, Date.now() - stoppedAt);
        return staleAfter.size === ids.length;
      },
      { timeout: 60_000, interval: 50, what: 'every tile to show stale' },
    );
    await down;
    console.log(`server stopped: stale after ${ids.map((id) => `${id} ${staleAfter.get(id)} ms`).join(', ')} (goal ≤ ${STALE_WITHIN_MS} ms)`);
    for (const id of ids) expect(staleAfter.get(id), `tile ${id}`).toBeLessThanOrEqual(STALE_WITHIN_MS);
    await page.getByTestId('live-offline').waitFor();
    await screenshot(page, 'kiosk-outage');
    expect(await seriousViolations(page)).toEqual([]);

    // 30 minutes of the page's time without the server. The clock stands still but for the
    // test's steps; each reconnect attempt the back-off makes fails against the closed port
    // before the clock moves on.
    await page.clock.pauseAt(Date.now() + 1000);
    const attemptFailed = async () => {
      const p = await probe();
      return p.created === p.closed;
    };
    const before = await probe();
    const steppedAt = Date.now();
    for (let t = 0; t < STEPPED_MS; t += STEP_MS) {
      await page.clock.runFor(STEP_MS);
      await until(attemptFailed, { timeout: 15_000, interval: 10, what: 'the reconnect attempt to fail' });
    }
    const stepped = (await probe()).created - before.created;
    const allowed = attemptsAllowed(STEPPED_MS);
    const steppedS = (Date.now() - steppedAt) / 1000;
    if (STEPPED_MS < OUTAGE_MS) {
      await page.clock.fastForward(OUTAGE_MS - STEPPED_MS);
      await until(attemptFailed, { timeout: 15_000, interval: 10, what: 'the reconnect attempt to fail' });
    }
    const outage = await probe();
    const attempts = outage.created - before.created;
    // Playwright reports each of them too, some late. Both counts run from the page's start
    // (a socket the page made just before the outage's first count may be reported after it).
    // Playwright's count only feeds the log below (the checks use the page's own): one it never
    // reports (a fresh run saw that once) is said, not failed.
    await until(() => seen.sockets >= outage.created, { timeout: 15_000, what: 'Playwright to report every attempt' }).catch(() =>
      console.log(`Playwright reported ${seen.sockets} of the page's ${outage.created} WebSockets`),
    );
    console.log(
      `30 min outage on the page's clock: ${stepped} reconnect attempts in the first ${STEPPED_MS / 60_000} min ` +
        `(back-off allows ${allowed.fewest}..${allowed.most}; stepped in ${steppedS.toFixed(0)} s)` +
        `${STEPPED_MS < OUTAGE_MS ? `, ${attempts - stepped} in the ${(OUTAGE_MS - STEPPED_MS) / 60_000} min passed at once` : ''}; ` +
        `${attempts} WebSockets in all, ${await reloads()} reloads`,
    );
    expect(stepped).toBeGreaterThanOrEqual(allowed.fewest);
    expect(stepped).toBeLessThanOrEqual(allowed.most);
    expect(await reloads()).toBe(0);
    expect((await tiles()).every((t) => t.stale)).toBe(true);
    await page.getByTestId('live-offline').waitFor();

    // The clock flows again, set back to the server's time (its timers stay as they are), and
    // the server comes back.
    await page.clock.resume();
    await page.clock.setSystemTime(Date.now());
    const restartedAt = Date.now();
    const socketsAtRestart = seen.sockets;
    await plant.api.up();
    const listeningAt = Date.now();
    const fresh = await until(
      async () => {
        const t = (await tiles()).find((x) => x.id === plant.lineId);
        return t && !t.stale && t.updatedAt > restartedAt ? t : null;
      },
      { timeout: 120_000, interval: 100, what: 'fresh data on the line after the restart' },
    );
    const recoveredMs = Date.now() - listeningAt;
    await page.getByTestId('live-offline').waitFor({ state: 'detached' });
    const after = await tiles();
    console.log(
      `server back (listening ${listeningAt - restartedAt} ms after its start): the line fresh ${recoveredMs} ms later ` +
        `(its data from ${fresh.updatedAt - restartedAt} ms after the restart), ${seen.sockets - socketsAtRestart} sockets opened, ` +
        `${await reloads()} reloads; tiles: ${after.map((t) => `${t.id} ${t.stale ? 'stale' : 'fresh'}, data from ${t.updatedAt - restartedAt} ms after the restart`).join('; ')}`,
    );
    // The next attempt comes within one capped back-off interval (plus Chromium's delay of up
    // to 5 s after failures), then the snapshot and the line's next data.
    expect(recoveredMs).toBeLessThanOrEqual(RECONNECT_CAP_MS * (1 + RECONNECT_JITTER) + 20_000);
    expect(await reloads()).toBe(0);
    expect(seen.errors).toEqual([]);
    await screenshot(page, 'kiosk-recovered');
    expect(await seriousViolations(page)).toEqual([]);
  }, 600_000);
});
