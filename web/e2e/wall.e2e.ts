/**
 * The wall display of a hall (`/dashboard?kiosk=1`), checked the way an operator would, against
 * `batchline all` with the simulator: the configured line "Mash line" runs a released order
 * (shifts 06–14, 14–22, 22–06 in Europe/Amsterdam), more configured lines are played over NATS
 * by the test (states, batches, a long critical alarm text), and the simulator's own line `L1`
 * is a line id no configured line has. The browser runs in America/New_York and in German.
 *
 * With 2 and then 8 lines, at 1920 × 1080, 3840 × 2160 and 1366 × 768: a screenshot each
 * (test-results/wall-*.png), the page does not scroll, no tile's content leaves its tile, every
 * line name reads in full, and on 1920 × 1080 every key figure is at least 48 px. The state's
 * running time moves every second, the clock and the shift are the plant's (not the browser's
 * zone), tonnes have a decimal comma. `L1` has no tile and is listed on the realtime diagnostics
 * screen as data from an unknown line id. The dashboard's cards (not kiosk) fit 1366 and 1440
 * px wide with their shift table whole.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, screenshot, seriousViolations, signIn, waitForPath } from './support/browser';
import { publishAll, type NatsMessage } from './support/nats';
import { until } from './support/paths';
import { releaseOrder, startRunningPlant, stopRunningPlant, type RunningPlant } from './support/running-plant';
import { wireMessage } from './support/wire';

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 3840, height: 2160 },
  { width: 1366, height: 768 },
];
const ZONE = 'Europe/Amsterdam';
const DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];
const CRITICAL = 'Mixer motor overload tripped: check the main drive and the gearbox oil level before restarting the line';

let plant: RunningPlant;
let context: BrowserContext;
let page: Page;
/** The lines the test plays, by `_id`, with the state each is in. */
const played: { id: string; state: string; minutes: number }[] = [];
const STATES = ['RUNNING', 'STOPPED', 'FAULT', 'IDLE', 'RUNNING', 'STOPPED', 'RUNNING'];
const NAMES = ['Pellet line 2', 'Pellet line 3', 'Pellet line 4', 'Premix line 5', 'Pellet line 6', 'Liquid line 7', 'Pellet line 8 north hall'];

async function addPlayedLines(n: number): Promise<void> {
  while (played.length < n) {
    const i = played.length;
    const id = await plant.plant.post('/api/lines/add', { name: NAMES[i], code: `PL${i + 2}`, timezone: ZONE });
    played.push({ id, state: STATES[i], minutes: 7 * (i + 1) });
  }
}

/**
 * What the played lines say now: the state they have been in for some minutes, a batch, a
 * critical alarm on every other line, and a fresh process value (so they are not stale); and
 * the long critical alarm on the configured line.
 */
async function play(): Promise<void> {
  const now = Date.now();
  const messages: NatsMessage[] = [];
  played.forEach((l, i) => {
    messages.push(wireMessage(l.id, 'state', now - l.minutes * 60_000, { state: l.state, stopReasonId: null }));
    if (l.state === 'RUNNING') {
      messages.push(
        wireMessage(l.id, 'batch', now - 60_000, {
          event: 'STARTED',
          batchId: `PL${i + 2}-0042`,
          productionScheduleId: null,
          scheduleName: null,
          recipeId: 'R-PIG',
          recipeCode: 'PIG-02',
          recipeName: 'Pig finisher',
          recipeVersion: 3,
          status: 'RUNNING',
          targetKg: 4000,
          actualKg: null,
          shiftId: null,
        }),
      );
    }
    if (i % 2 === 1) {
      messages.push(wireMessage(l.id, 'alarm', now - 90_000, { batchId: null, code: 'E-DRIVE', severity: 'CRITICAL', message: CRITICAL, state: 'RAISED', clearedAt: null }));
    }
    messages.push(wireMessage(l.id, 'process', now, { batchId: null, parameterCode: 'MIXER_POWER_KW', value: 41.5 }));
  });
  messages.push(wireMessage(plant.lineId, 'alarm', now - 30_000, { batchId: null, code: 'E-WALL', severity: 'CRITICAL', message: CRITICAL, state: 'RAISED', clearedAt: null }));
  await publishAll(plant.nats.url, messages);
}

const tileCount = () => page.locator('[data-testid^="line-tile-"]').count();

interface Layout {
  scroll: [number, number];
  inner: [number, number];
  tiles: number;
  outside: string[];
  cutNames: string[];
  keyFonts: number[];
}

/** The page's layout as the test checks it. */
function layout(): Promise<Layout> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const tiles = Array.from(document.querySelectorAll<HTMLElement>('[data-testid^="line-tile-"]'));
    const outside: string[] = [];
    for (const tile of tiles) {
      const box = tile.getBoundingClientRect();
      const body = tile.firstElementChild as HTMLElement;
      if (body.scrollHeight > body.clientHeight + 1 || body.scrollWidth > body.clientWidth + 1) {
        outside.push(`${tile.dataset.testid}: content ${body.scrollWidth}×${body.scrollHeight} in ${body.clientWidth}×${body.clientHeight}`);
      }
      for (const el of Array.from(tile.querySelectorAll<HTMLElement>('*'))) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        if (r.left < box.left - 1 || r.top < box.top - 1 || r.right > box.right + 1 || r.bottom > box.bottom + 1) {
          outside.push(`${tile.dataset.testid}: ${el.className || el.tagName} at ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`);
        }
      }
    }
    const cutNames = Array.from(document.querySelectorAll<HTMLElement>('.wall-name'))
      .filter((e) => e.scrollWidth > e.clientWidth + 1)
      .map((e) => e.textContent ?? '');
    const keyFonts = Array.from(document.querySelectorAll<HTMLElement>('.wall-key, .wall-clock-time')).map((e) => parseFloat(getComputedStyle(e).fontSize));
    return { scroll: [doc.scrollWidth, doc.scrollHeight], inner: [window.innerWidth, window.innerHeight], tiles: tiles.length, outside, cutNames, keyFonts };
  });
}

/** At each size: a screenshot, no scrolling, every tile's content inside it, names whole. */
async function checkSizes(lines: number): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // The played lines say something again until each has a fresh tile (a line added shows once
    // the stream service has read the configuration again, within 30 s).
    await until(
      async () => {
        await play();
        return (await tileCount()) === lines && (await page.locator('[data-testid^="line-tile-"][data-stale="false"]').count()) === lines;
      },
      { timeout: 60_000, interval: 2_000, what: `${lines} fresh tiles at ${size.width}×${size.height}` },
    );
    // The grid has followed the new size.
    await until(async () => Number(await page.getByTestId('wall').getAttribute('data-cols')) === (lines === 2 ? 2 : 4), { what: 'the grid for the size' });
    await screenshot(page, `wall-${lines}-lines-${size.width}x${size.height}`);
    const l = await layout();
    expect(l.tiles).toBe(lines);
    expect(l.scroll[1], `page height at ${size.width}×${size.height}`).toBeLessThanOrEqual(l.inner[1]);
    expect(l.scroll[0], `page width at ${size.width}×${size.height}`).toBeLessThanOrEqual(l.inner[0]);
    expect(l.outside, `content outside its tile at ${size.width}×${size.height}`).toEqual([]);
    expect(l.cutNames, `line names cut at ${size.width}×${size.height}`).toEqual([]);
    if (size.width === 1920) {
      expect(Math.min(...l.keyFonts), `smallest key figure at 1920×1080 with ${lines} lines`).toBeGreaterThanOrEqual(48);
      expect(await seriousViolations(page)).toEqual([]);
    }
  }
}

/** The shift of the plant clock now: 06–14, 14–22, 22–06 in Amsterdam. */
function plantShift(now = Date.now()): { name: string; span: string } {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23' }).format(now));
  if (hour >= 6 && hour < 14) return { name: 'Early', span: '06:00–14:00' };
  if (hour >= 14 && hour < 22) return { name: 'Late', span: '14:00–22:00' };
  return { name: 'Night', span: '22:00–06:00' };
}

beforeAll(async () => {
  plant = await startRunningPlant(21, 20);
  for (const [name, startTime, endTime] of [
    ['Early', '06:00', '14:00'],
    ['Late', '14:00', '22:00'],
    ['Night', '22:00', '06:00'],
  ]) {
    await plant.plant.create('shifts', { name, startTime, endTime, days: DAYS });
  }
  await releaseOrder(plant, await plant.plant.releasedRecipe('WALL', 'Wall grower'), 'PO-WALL', 60);
  await addPlayedLines(1);
  // The browser's own zone is not the plant's.
  context = await (await connect()).newContext({ baseURL: plant.api.url, viewport: SIZES[0], reducedMotion: 'reduce', timezoneId: 'America/New_York' });
  context.setDefaultTimeout(15_000);
  plant.contexts.push(context);
  page = await context.newPage();
  await signIn(page, plant.api.superEmail, plant.api.superPassword, true);
  await waitForPath(page, '/dashboard');
  await page.evaluate(() => localStorage.setItem('locale', 'de'));
  await page.goto('/dashboard?kiosk=1');
  await page.getByTestId('wall').waitFor();
}, 180_000);

afterAll(() => stopRunningPlant(plant));

describe('wall display', () => {
  it('two lines fit 1920 × 1080, 3840 × 2160 and 1366 × 768 without scrolling', async () => {
    // The configured line has its order on the wall once it runs it.
    await page.getByTestId(`line-order-progress-${plant.lineId}`).waitFor({ timeout: 90_000 });
    await checkSizes(2);
  }, 240_000);

  it('eight lines fit every size too, key figures at least 48 px on 1920 × 1080', async () => {
    await addPlayedLines(7);
    await checkSizes(8);
  }, 240_000);

  it('reads as the plant: its clock and shift, its running times moving, its numbers in German', async () => {
    await page.setViewportSize(SIZES[0]);
    await play();
    // The clock shows Amsterdam's time, not New York's.
    const clock = page.getByTestId('wall-clock');
    expect(await clock.getAttribute('data-zone')).toBe(ZONE);
    const hhmm = () => new Intl.DateTimeFormat('de', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' }).format(Date.now());
    await until(async () => ((await clock.textContent()) ?? '').includes(hhmm()), { timeout: 5_000, what: `the clock at ${hhmm()} in ${ZONE}` });
    // The current shift, in plant time.
    const shift = plantShift();
    await until(async () => ((await page.getByTestId(`line-shift-${plant.lineId}`).textContent()) ?? '') === `${shift.name} ${shift.span}`, {
      timeout: 15_000,
      what: `the shift ${shift.name} ${shift.span}`,
    });
    // A stopped line's time in its state moves every second, from the state's start.
    const stopped = played.find((l) => l.state === 'STOPPED')!;
    const duration = page.getByTestId(`line-duration-${stopped.id}`);
    const first = Number(await duration.getAttribute('data-seconds'));
    expect(first).toBeGreaterThanOrEqual(stopped.minutes * 60 - 5);
    await until(async () => Number(await duration.getAttribute('data-seconds')) === first + 1, { timeout: 3_000, interval: 50, what: 'the stopped time to move on by a second' });
    expect(await duration.textContent()).toMatch(/^\d+:\d\d:\d\d$/);
    // Order progress as batches done of batches; tonnes with a decimal comma.
    const order = page.getByTestId(`line-order-progress-${plant.lineId}`);
    expect(await order.getAttribute('data-batches')).toBe('60');
    expect(await page.getByTestId(`line-order-${plant.lineId}`).textContent()).toContain('PO-WALL');
    expect(await page.getByTestId(`line-tonnes-${plant.lineId}`).textContent()).toMatch(/^\d{1,3}(\.\d{3})*,\d$/);
    // Unacknowledged alarms and the newest critical alarm's text.
    expect(await page.getByTestId(`line-critical-${plant.lineId}`).textContent()).toBe(CRITICAL);
    expect(await page.getByTestId(`line-alarms-${plant.lineId}`).getAttribute('data-count')).not.toBe('0');
  }, 60_000);

  it('lists the simulator’s unconfigured line id on the diagnostics screen, not as a tile', async () => {
    expect(await page.getByTestId('line-tile-L1').count()).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/reporting/diagnostics/realtime');
    const row = page.getByTestId('unknown-line-L1');
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toMatch(/state \d+/);
    // The line choice offers configured lines only: it takes the first, the mash line.
    await page.getByTestId('diag-batch').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('diag-line').inputValue()).toBe('Mash line');
    await screenshot(page, 'wall-unknown-lines');
    expect(await seriousViolations(page)).toEqual([]);
  }, 60_000);

  it('dashboard cards fit 1366 and 1440 px wide, their shift table whole', async () => {
    await page.goto('/dashboard');
    await page.getByTestId(`today-shifts-${plant.lineId}`).waitFor({ timeout: 120_000 });
    for (const width of [1366, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await until(async () => (await page.getByTestId(`today-shifts-${plant.lineId}`).count()) === 1, { what: 'the shift table' });
      await screenshot(page, `dashboard-cards-${width}`);
      const cut = await page.evaluate(() => {
        const out: string[] = [];
        if (document.documentElement.scrollWidth > window.innerWidth) out.push(`page ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
        for (const tile of Array.from(document.querySelectorAll<HTMLElement>('[data-testid^="line-tile-"]'))) {
          const box = tile.getBoundingClientRect();
          if (tile.scrollWidth > tile.clientWidth + 1) out.push(`${tile.dataset.testid} scrolls ${tile.scrollWidth} > ${tile.clientWidth}`);
          for (const table of Array.from(tile.querySelectorAll<HTMLElement>('table'))) {
            const r = table.getBoundingClientRect();
            if (r.right > box.right + 1 || r.left < box.left - 1) out.push(`${tile.dataset.testid}: table ${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(box.left)}–${Math.round(box.right)}`);
          }
        }
        return out;
      });
      expect(cut, `cut at ${width} px`).toEqual([]);
    }
  }, 180_000);
});
