/**
 * Plant time whatever the browser's zone (issue 29): the line "Mash line" in Europe/Amsterdam
 * with shifts Early 06:00–14:00, Late 14:00–22:00 and Night 22:00–06:00, running on the
 * simulated line controller, seen from browsers in UTC and in America/New_York. The dashboard's
 * shift table reads 06:00–14:00 for the early shift and has one row per shift (the night shift
 * is not cut at midnight); a report of the early shift says 06:00 to 14:00 and its pickers read
 * it so; the report's default range (the current shift) reads as the api's range in Amsterdam.
 * In German the pickers read "26.11.2026 06:00", numbers have a decimal comma, and a time typed
 * into a picker means plant time. Every report screen of the menu, loaded fresh, asks the api
 * nothing it answers 400 to (no call before its required filter).
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatInputText, fromZoneInput, plantFormat, toZoneInput } from '../src/lib/plant-time';
import { call } from './support/api-server';
import { menuLinks, newPage, screenshot, seriousViolations, signIn, waitForPath } from './support/browser';
import { until } from './support/paths';
import { releaseOrder, startRunningPlant, stopRunningPlant, type RunningPlant } from './support/running-plant';

const ZONE = 'Europe/Amsterdam';
const DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

let running: RunningPlant;
let lineId: string;

/** Today's date in Amsterdam, `2026-11-26`. */
const plantDay = () => toZoneInput(new Date().toISOString(), ZONE).slice(0, 10);

/**
 * The plant-time hour that began at least an hour ago, `2026-11-26T05:00`: a range from it to
 * now holds the batches the plant made since the test began, whatever the time of day (the
 * early shift of today lies ahead until 06:00 in Amsterdam, and a range into the future is
 * refused).
 */
const hourAgo = () => `${toZoneInput(new Date(Date.now() - 3_600_000).toISOString(), ZONE).slice(0, 13)}:00`;

/** Today's early shift in Amsterdam as instants. */
function earlyShift(): { from: string; to: string } {
  const day = plantDay();
  return { from: fromZoneInput(`${day}T06:00`, ZONE)!, to: fromZoneInput(`${day}T14:00`, ZONE)! };
}

beforeAll(async () => {
  running = await startRunningPlant(3);
  lineId = running.lineId;
  for (const [name, startTime, endTime] of [
    ['Early', '06:00', '14:00'],
    ['Late', '14:00', '22:00'],
    ['Night', '22:00', '06:00'],
  ]) {
    await running.plant.create('shifts', { name, startTime, endTime, days: DAYS });
  }
  await releaseOrder(running, await running.plant.releasedRecipe('GROWER', 'Grower'), 'PO-1', 40);
  // Production reaches the dashboard only through NATS and ingest: wait for a batch of today.
  await until(
    async () => {
      const res = await call<{ data: { lineId: string; figures: { batches?: number } }[] }>(running.api, 'POST', '/api/dashboard/reportdashboarddetails', {}, running.token);
      return (res.body.data.find((d) => d.lineId === lineId)?.figures.batches ?? 0) >= 1;
    },
    { timeout: 180_000, interval: 1000, what: 'a batch of today on the dashboard' },
  );
}, 300_000);

afterAll(() => stopRunningPlant(running));

/** A page signed in as the super user in a browser whose zone is `timezoneId`, on the dashboard. */
async function pageIn(timezoneId: string): Promise<Page> {
  const { context, page } = await newPage(running.api.url, undefined, timezoneId);
  running.contexts.push(context);
  await signIn(page, running.api.superEmail, running.api.superPassword, true);
  await waitForPath(page, '/dashboard');
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId);
  return page;
}

const byTime = (range: { from: string; to: string }) => `/reporting/production/bytime?lineId=${lineId}&fromDateTime=${encodeURIComponent(range.from)}&toDateTime=${encodeURIComponent(range.to)}`;

describe.each(['UTC', 'America/New_York'])('a browser in %s', (timezoneId) => {
  let page: Page;
  beforeAll(async () => {
    page = await pageIn(timezoneId);
  });

  it('shows the shifts of the line’s day on the dashboard in plant time, the night shift as one row', async () => {
    const shifts = page.getByTestId(`today-shifts-${lineId}`);
    await shifts.waitFor({ timeout: 30_000 });
    const row = (name: string) => shifts.locator(`tr[data-shift="${name}"]`);
    expect(await row('Early').getByRole('rowheader').textContent()).toBe('Early06:00–14:00');
    expect(await row('Late').getByRole('rowheader').textContent()).toBe('Late14:00–22:00');
    expect(await row('Night').count()).toBe(1);
    expect(await row('Night').getByRole('rowheader').textContent()).toBe('Night22:00–06:00');
    expect(await shifts.locator('tbody tr').count()).toBe(3);
    await screenshot(page, `plant-time-dashboard-${timezoneId.replace('/', '-')}`);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('says 06:00 to 14:00 for a report of the early shift, in its caption and its pickers', async () => {
    const early = earlyShift();
    await page.goto(byTime(early));
    const caption = page.getByTestId('report-table').locator('caption');
    await caption.waitFor({ timeout: 30_000 });
    const date = plantFormat('en', ZONE).date(early.from);
    expect(await caption.textContent()).toContain(`${date}, 06:00 to ${date}, 14:00 (${ZONE})`);
    expect(await page.getByTestId('filter-from').inputValue()).toBe(formatInputText(`${plantDay()}T06:00`, 'en'));
    expect(await page.getByTestId('filter-to').inputValue()).toBe(formatInputText(`${plantDay()}T14:00`, 'en'));
  });

  it('reads the default range (the line’s current shift) in plant time, as its PDF prints it', async () => {
    const range = await call<{ data: { fromDate: string; toDate: string } }>(running.api, 'GET', `/api/shifts/defaultfromtodate?lineId=${lineId}`, undefined, running.token);
    await page.goto(`/reporting/production/bytime?lineId=${lineId}`);
    const caption = page.getByTestId('report-table').locator('caption');
    await caption.waitFor({ timeout: 30_000 });
    const plant = plantFormat('en', ZONE);
    const [from, to] = [plant.time(range.body.data.fromDate), plant.time(range.body.data.toDate)];
    expect(['06:00', '14:00', '22:00']).toContain(from);
    expect(await caption.textContent()).toMatch(new RegExp(`, ${from} to .*, ${to} \\(${ZONE}\\)$`));
  });
});

describe('a German user in New York', () => {
  let page: Page;
  beforeAll(async () => {
    page = await pageIn('America/New_York');
    await page.evaluate(() => localStorage.setItem('locale', 'de'));
  });

  it('reads and types dates as 26.11.2026 06:00 in plant time, and numbers with a decimal comma', async () => {
    const start = hourAgo();
    await page.goto(byTime({ from: fromZoneInput(start, ZONE)!, to: new Date().toISOString() }));
    const from = page.getByTestId('filter-from');
    await page.getByTestId('report-table').waitFor({ timeout: 30_000 });
    const [y, m, d] = start.slice(0, 10).split('-');
    const hour = start.slice(11, 13);
    expect(await from.inputValue()).toBe(`${d}.${m}.${y} ${hour}:00`);
    expect(await from.getAttribute('placeholder')).toBe('TT.MM.JJJJ hh:mm');
    // Kilograms with one decimal at least: a decimal comma.
    const kg = await page.getByTestId('report-table').locator('tbody td').allTextContents();
    expect(kg.some((t) => /^\d{1,3}(\.\d{3})*,\d+$/.test(t.trim()))).toBe(true);

    // hh:30 typed means hh:30 in Amsterdam, not in New York.
    await from.fill(`${d}.${m}.${y} ${hour}:30`);
    await from.press('Enter');
    const expected = fromZoneInput(`${start.slice(0, 10)}T${hour}:30`, ZONE)!;
    await until(() => new URL(page.url()).searchParams.get('fromDateTime') === expected, { what: `fromDateTime ${expected}` });
    await until(async () => (await from.inputValue()) === `${d}.${m}.${y} ${hour}:30`, { what: `the picker showing ${hour}:30` });
    // Text that is no date says how to write one, and changes nothing.
    await from.fill('morgen');
    await from.press('Enter');
    await page.getByText('Datum und Uhrzeit als TT.MM.JJJJ hh:mm eingeben').waitFor();
    expect(new URL(page.url()).searchParams.get('fromDateTime')).toBe(expected);
    await screenshot(page, 'plant-time-report-de');
  });
});

describe('the report screens', () => {
  it('ask the api nothing before their required filter is chosen (no 400 on a fresh load)', async () => {
    const page = await pageIn('UTC');
    const paths = (await menuLinks(page)).filter((p) => p.toLowerCase().startsWith('/reporting'));
    expect(paths.length).toBeGreaterThan(10);
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 400 && new URL(r.url()).pathname.startsWith('/api/')) refused.push(`${new URL(page.url()).pathname}: ${r.request().method()} ${new URL(r.url()).pathname}`);
    });
    // Each screen is left once its calls to the api have all been answered and none has been
    // asked for half a second: the realtime screen of a running plant keeps its socket open and
    // loads each new batch's plan, so the browser's own "network idle" may never come on a
    // loaded machine (a full run timed out on it), while the api calls do rest between batches.
    const pending = new Set<Request>();
    let lastCall = Date.now();
    const isApi = (r: Request) => new URL(r.url()).pathname.startsWith('/api/');
    page.on('request', (r) => {
      if (!isApi(r)) return;
      pending.add(r);
      lastCall = Date.now();
    });
    const answered = (r: Request) => {
      if (pending.delete(r)) lastCall = Date.now();
    };
    page.on('requestfinished', answered);
    page.on('requestfailed', answered);
    for (const path of paths) {
      await page.goto(path, { waitUntil: 'load', timeout: 30_000 });
      await until(() => pending.size === 0 && Date.now() - lastCall >= 500, { timeout: 30_000, what: `the api calls of ${path} answered` });
    }
    expect(refused).toEqual([]);
  }, 600_000);
});
