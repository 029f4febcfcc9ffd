/**
 * The batch SPC graph against `batchline all` with a private nats-server, on data made here:
 * the plant's messages for a line set up over the api are published to `plant.<line>.batch` and
 * `plant.<line>.weighing` (the simulator runs only its own line). A baseline of twenty batches
 * two to three days ago, each with one maize dose off by ±0.1 kg, then six batches in the range
 * with the fourth a kilogram off. The screen, opened on the line, maize and the baseline, with
 * rule WE1 only, marks that dose (table and chart summary); the chart is saved as a live set;
 * a batch off by a kilogram ending now appears under "Live violations" without a reload. The
 * points table's PDF is drawn by the server, the line's dashboard tile names the violation and
 * links to the set's chart, and axe finds no serious violation. The consumption SPC graph of
 * maize per day, against a baseline of one batch a day five to twelve days ago, marks the days
 * of many batches since (as many as its call marks) and exports a PDF.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startApi, tokenFor, type ApiServer } from './support/api-server';
import { disconnect, newPage, screenshot, seriousViolations, signIn, waitForPath } from './support/browser';
import { publishAll, startNats, type Nats, type NatsMessage } from './support/nats';
import { until } from './support/paths';
import { exported } from './support/running-plant';
import { setUpPlant } from './support/plant';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let nats: Nats;
let api: ApiServer;
let token: string;
let lineId: string;

/** A UUIDv7 of the instant `ms` (the plant's sample and message ids). */
function uuid7(ms: number): string {
  const hex = ms.toString(16).padStart(12, '0') + randomBytes(10).toString('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const envelope = (kind: 'batch' | 'weighing', at: number, sample: Record<string, unknown>): NatsMessage => ({
  subject: `plant.${lineId}.${kind}`,
  payload: JSON.stringify({ v: 1, id: uuid7(at), lineId, kind, samples: [{ id: uuid7(at), time: new Date(at).toISOString(), ...sample }] }),
});

/** A complete batch of 1000 kg ending at `end`: its start, one maize dose `deviation` off, its end. */
function batch(batchId: string, end: number, deviation: number): NatsMessage[] {
  const common = { batchId, productionScheduleId: null, scheduleName: null, recipeId: 'R-SPC', recipeCode: 'SPC', recipeName: 'SPC test', recipeVersion: 1, targetKg: 1000, shiftId: null };
  return [
    envelope('batch', end - 20 * 60_000, { ...common, event: 'STARTED', status: 'RUNNING', actualKg: null }),
    envelope('weighing', end - 10 * 60_000, {
      batchId,
      scaleId: 'S-MAJOR',
      binId: 'BIN-01',
      materialId: 'CORN',
      lot: null,
      setpointKg: 600,
      actualKg: 600 + deviation,
      deviationKg: deviation,
      toleranceKg: 3,
      inTolerance: true,
      durationS: 40,
      inflightKg: 0,
    }),
    envelope('batch', end, { ...common, event: 'ENDED', status: 'COMPLETE', actualKg: 1000 + deviation }),
  ];
}

const now = Date.now();
/** The start of the UTC day `offset` days from today's. */
const utcDay = (offset: number) => {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + offset);
};
/**
 * The consumption chart's baseline: whole UTC days from 13 days ago to the start of 4 days ago
 * (a day counts only when the range holds all of it, so a window ending at a time of day would
 * hold the last batch's day or not depending on when the test runs).
 */
const CONSUMPTION_BASELINE = { from: new Date(utcDay(-13)).toISOString(), to: new Date(utcDay(-4)).toISOString() };
const BASELINE = { from: new Date(now - 3 * DAY - HOUR).toISOString(), to: new Date(now - 2 * DAY).toISOString() };
const RANGE = { from: new Date(now - DAY).toISOString(), to: new Date(now + 2 * HOUR).toISOString() };

interface Chart {
  baselinePoints: number;
  points: { batchId: string; rules: string[] }[];
}

async function chartFromApi(): Promise<Chart | null> {
  const q = new URLSearchParams({ lineId, fromDateTime: RANGE.from, toDateTime: RANGE.to, materialId: 'CORN', baselineFrom: BASELINE.from, baselineTo: BASELINE.to, rules: 'WE1' });
  const res = await call<{ data?: Chart }>(api, 'GET', `/api/reports/spc/batchgraph?${q}`, undefined, token);
  return res.status === 200 ? (res.body.data ?? null) : null;
}

beforeAll(async () => {
  nats = await startNats();
  // The simulator runs its own line L1 only (the database has no line when it starts).
  api = await startApi({ NATS_URL: nats.url, SIM_LINES: '1', SIM_SPEED: '1', SIM_SEED: '3' }, 'all');
  token = await tokenFor(api, api.superEmail, api.superPassword, true);
  lineId = (await setUpPlant(api, token)).lineId;
  const messages: NatsMessage[] = [];
  for (let i = 0; i < 20; i += 1) messages.push(...batch(`BASE-${i + 1}`, now - 3 * DAY + i * HOUR, i % 2 === 0 ? 0.1 : -0.1));
  for (let i = 0; i < 6; i += 1) messages.push(...batch(`J-${i + 1}`, now - 20 * HOUR + i * HOUR, i === 3 ? 1 : i % 2 === 0 ? 0.1 : -0.1));
  // One batch a day, at noon UTC, five to twelve days ago: the consumption chart's baseline of a
  // batch's maize a day (its points are whole UTC days; see CONSUMPTION_BASELINE).
  for (let i = 0; i < 8; i += 1) messages.push(...batch(`C-${i + 1}`, utcDay(-(5 + i)) + 12 * HOUR, i % 2 === 0 ? 0.5 : -0.5));
  // Until ingest has made the stream, a publish is not kept: publish again until it is read.
  await until(
    async () => {
      const chart = await chartFromApi();
      if (chart && chart.baselinePoints === 20 && chart.points.length === 6) return true;
      await publishAll(nats.url, messages);
      return false;
    },
    { timeout: 30_000, interval: 1000, what: 'the published batches in the SPC chart' },
  );
}, 120_000);

afterAll(async () => {
  await disconnect();
  await api?.stop();
  await nats?.stop();
});

describe('the batch SPC graph', () => {
  it('marks the dose that breaks WE1, saves a live set, shows a new violation live and on the dashboard, exports a PDF', async () => {
    const { context, page } = await newPage(api.url);
    try {
      await signIn(page, api.superEmail, api.superPassword, true);
      await waitForPath(page, '/dashboard');
      const q = new URLSearchParams({ lineId, fromDateTime: RANGE.from, toDateTime: RANGE.to, materialId: 'CORN', baselineFrom: BASELINE.from, baselineTo: BASELINE.to });
      await page.goto(`/reporting/batch/spcbatchgraph?${q}`);
      await page.getByTestId('report-table').waitFor({ timeout: 30_000 });
      // Rule WE1 alone.
      for (const r of ['WE2', 'WE3', 'WE4']) {
        const box = page.getByRole('checkbox', { name: new RegExp(`^${r} –`) });
        await box.click();
        await until(async () => !(await box.isChecked()), { what: `${r} unchecked` });
      }
      await until(() => new URL(page.url()).searchParams.get('rules') === 'WE1', { what: 'rules=WE1 in the address' });

      const marked = page.getByTestId('spc-marked-table').locator('tbody > tr[data-row]');
      await until(async () => (await marked.count()) === 1 && (await marked.first().locator('[data-col="batchId"]').textContent()) === 'J-4', { what: 'the marked dose of J-4' });
      expect(await marked.first().locator('[data-col="rules"]').textContent()).toContain('WE1');
      const summary = (await page.getByTestId('spc-control-chart-summary').textContent()) ?? '';
      expect(summary).toContain('1 point breaks a rule');
      expect(summary).toContain('batch J-4');
      expect(summary).toContain('WE1 (Beyond the control limits)');
      expect(await page.getByTestId('spc-control-chart').getAttribute('data-marked')).toBe('1');
      expect(await page.getByTestId('spc-figures-cpk').textContent()).toMatch(/\d/);
      await screenshot(page, 'spc-batch-controls');

      // Save it as a live set.
      await page.getByTestId('spc-set-new').click();
      await page.getByLabel(/^Name/).fill('Maize WE1');
      await page.getByRole('switch', { name: /^Live/ }).check();
      await page.getByTestId('spc-set-submit').click();
      await page.getByTestId('spc-set-live-badge').filter({ hasText: 'Live' }).waitFor();
      await page.getByTestId('spc-set-name').waitFor({ state: 'detached' });
      await page.getByTestId('spc-live-status').filter({ hasText: 'Live' }).waitFor();
      await page.getByTestId('spc-control-chart').scrollIntoViewIfNeeded();
      await screenshot(page, 'spc-batch-desktop');
      expect(await seriousViolations(page)).toEqual([]);

      // A batch a kilogram off, ending now: judged by the live set and pushed to the page.
      await publishAll(nats.url, batch('LIVE-1', Date.now(), 1));
      const live = page.getByTestId('spc-live-table').locator('tbody > tr[data-row]').filter({ hasText: 'LIVE-1' });
      await live.first().waitFor({ timeout: 15_000 });
      expect(await live.first().locator('[data-col="rule"]').textContent()).toContain('WE1');
      expect(await live.first().locator('[data-col="setName"]').textContent()).toBe('Maize WE1');

      const pdf = (await exported(page, 'pdf')).bytes;
      expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
      expect(await seriousViolations(page)).toEqual([]);

      // The line's dashboard tile names the newest violation and links to the set's chart.
      await page.goto('/dashboard');
      const badge = page.getByTestId(`line-spc-link-${lineId}`);
      await badge.waitFor({ timeout: 15_000 });
      expect(await badge.textContent()).toContain('SPC: WE1 on CORN · batch LIVE-1');
      await screenshot(page, 'spc-dashboard-tile');
      expect(await seriousViolations(page)).toEqual([]);
      await badge.click();
      await waitForPath(page, '/reporting/batch/spcbatchgraph');
      await until(async () => (await page.getByTestId('spc-set-picker').inputValue()) === 'Maize WE1 (live)', { what: 'the set loaded from the tile' });
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('the consumption SPC graph', () => {
  it('charts the maize of each day against a baseline, marks the days past its limits, exports a PDF', async () => {
    const { context, page } = await newPage(api.url);
    try {
      await signIn(page, api.superEmail, api.superPassword, true);
      await waitForPath(page, '/dashboard');
      // Baseline: the days of one batch each; judged: the days of twenty (and six) batches, far above.
      const q = new URLSearchParams({ lineId, fromDateTime: CONSUMPTION_BASELINE.to, toDateTime: RANGE.to, materialId: 'CORN', baselineFrom: CONSUMPTION_BASELINE.from, baselineTo: CONSUMPTION_BASELINE.to });
      await page.goto(`/consumption/consumptionstatistics/spcgraph?${q}`);
      const points = page.getByTestId('report-table').locator('tbody > tr[data-row]');
      await points.first().waitFor({ timeout: 30_000 });
      const fromApi = await call<{ data: { baselinePoints: number; points: { rules: string[] }[] } }>(api, 'GET', `/api/reports/spc/consumptiongraph?${q}&chart=IMR`, undefined, token);
      expect(fromApi.status).toBe(200);
      const chart = fromApi.body.data;
      expect(chart.baselinePoints).toBe(8);
      expect(await points.count()).toBe(chart.points.length);
      const broken = chart.points.filter((p) => p.rules.length > 0).length;
      expect(broken).toBeGreaterThan(0);
      await until(async () => (await page.getByTestId('spc-control-chart').getAttribute('data-marked')) === String(broken), { what: 'the days past the limits marked' });
      await page.getByTestId('spc-control-chart').locator('canvas').first().waitFor({ timeout: 15_000 });
      await screenshot(page, 'spc-consumption');
      expect(await seriousViolations(page)).toEqual([]);
      const pdf = (await exported(page, 'pdf')).bytes;
      expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    } finally {
      await context.close();
    }
  }, 60_000);
});
