/**
 * The shift log through the screens (issue 34, item 4), against `batchline api` on a fresh
 * database: the plant of `setUpPlant` (the line "Mash line" in Europe/Amsterdam) with the shifts
 * Early 06:00–14:00, Late 14:00–22:00 and Night 22:00–06:00 every day, and two operators. Anna
 * (browser in New York: the screens speak the plant's time) writes the log of yesterday's early
 * shift with notes and two open items and ticks one done; she may not take her own handover.
 * Bert takes it with a note: the entry shows its summary "As handed over" and is read-only. Bert
 * writes the late shift's entry: the item left undone comes with it, marked "From the previous
 * shift". The list finds the early entry by a word of its notes; the PDF button downloads a PDF.
 * axe finds no serious violation on the list, the dialog or the entry; the list and the entry
 * are photographed at 1440 × 900 and 1366 × 768.
 *
 * The operators hold SHIFTLOG_UPDATE alone: it lets them read the line's shifts the dialog
 * offers.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDay, plantToday } from '../src/features/shiftlog/utils/dates';
import { call, registeredUser, startApi, tokenFor, type ApiServer } from './support/api-server';
import { DESKTOP, disconnect, newPage, notice, OFFICE, screenshot, seriousViolations, signIn, waitForPath } from './support/browser';
import { RESULTS_DIR, until } from './support/paths';
import { setUpPlant } from './support/plant';
import { downloaded } from './support/running-plant';

const ZONE = 'Europe/Amsterdam';
const DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];
const ANNA = 'anna@plant.test';
const BERT = 'bert@plant.test';
const PRIVILEGES = ['SHIFTLOG_UPDATE'];
const EARLY_NOTES = 'Pellet press 2: die changed at 07:10, pellet quality fine after 08:00.\nCooler fan noisy, maintenance informed.';
const LATE_NOTES = 'Quiet shift; mixer door seal still leaking a little.';
const SEAL = 'Order a new door seal for the mixer';
const SENSOR = 'Check the die temperature sensor of press 2';

let api: ApiServer;
let token: string;
const contexts: BrowserContext[] = [];
let anna: Page;
let bert: Page;
/** Yesterday in the plant, `2026-11-25`. */
let yesterday: string;
let earlyId: string;

interface Entry {
  openItems: { text: string; done: boolean; carriedFrom?: string | null }[];
  handedOverBy?: string | null;
}

const entry = async (id: string): Promise<Entry> => (await call<{ data: Entry }>(api, 'GET', `/api/shiftlogs/${id}`, undefined, token)).body.data;

async function operator(email: string, timezoneId: string): Promise<Page> {
  const password = await registeredUser(api, email, 'PRIVILEGE', PRIVILEGES);
  const { context, page } = await newPage(api.url, OFFICE, timezoneId);
  contexts.push(context);
  await signIn(page, email, password);
  await waitForPath(page, '/dashboard');
  return page;
}

async function clean(page: Page, name: string): Promise<void> {
  await screenshot(page, `shift-log-${name}`);
  expect(await seriousViolations(page)).toEqual([]);
}

/** A screen photographed from its top (or with `section` in view), once the notices of what was just done have gone. */
async function photo(page: Page, name: string, section?: string): Promise<void> {
  await until(async () => (await page.locator('.mantine-Notification-root').count()) === 0, { timeout: 15_000, what: 'the notices to go' });
  if (section) await page.getByTestId(section).scrollIntoViewIfNeeded();
  else await page.evaluate(() => window.scrollTo(0, 0));
  await clean(page, name);
}

/** Writes an entry through the dialog of the list and answers its id (the screen it opens). */
async function write(page: Page, shift: RegExp, notes: string, dialogPhoto?: string): Promise<string> {
  await page.goto('/shiftlog');
  await page.getByRole('button', { name: 'Write shift log' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write the log of a shift' });
  await dialog.waitFor();
  expect(await dialog.getByRole('combobox', { name: /^Line/ }).inputValue()).toBe('Mash line');
  await dialog.getByRole('combobox', { name: /^Shift/ }).click();
  await page.getByRole('option', { name: shift }).click();
  await dialog.getByRole('combobox', { name: /^Date/ }).click();
  await page.getByRole('option', { name: `Yesterday · ${formatDay(yesterday, 'en')}` }).click();
  await dialog.getByRole('textbox', { name: /^Notes/ }).fill(notes);
  if (dialogPhoto) await clean(page, dialogPhoto);
  await dialog.getByTestId('confirm-shiftlog-new').click();
  await waitForPath(page, /^\/shiftlog\/[0-9a-f-]{36}$/);
  await page.getByTestId('shiftlog-entry').waitFor();
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

beforeAll(async () => {
  api = await startApi();
  token = await tokenFor(api, api.superEmail, api.superPassword, true);
  const plant = await setUpPlant(api, token);
  for (const [name, startTime, endTime] of [
    ['Early', '06:00', '14:00'],
    ['Late', '14:00', '22:00'],
    ['Night', '22:00', '06:00'],
  ]) {
    await plant.create('shifts', { name, startTime, endTime, days: DAYS });
  }
  yesterday = addDays(plantToday(new Date(), ZONE), -1);
  anna = await operator(ANNA, 'America/New_York');
  bert = await operator(BERT, 'UTC');
}, 180_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await disconnect();
  await api?.stop();
});

describe('the shift log', () => {
  it("lets Anna write yesterday's early shift with notes and two open items, and tick one done", async () => {
    await anna.goto('/shiftlog');
    expect(await anna.getByTestId('side-nav').getByRole('link', { name: 'Shift log' }).getAttribute('href')).toBe('/shiftlog');
    expect(await anna.getByTestId('shiftlog-empty').textContent()).toBe('No shift log entries in this period.');
    earlyId = await write(anna, /^Early \(06:00–14:00\)$/, EARLY_NOTES, 'write-dialog');
    await notice(anna, 'Shift log of Early written').waitFor();
    expect(await anna.getByRole('heading', { level: 1 }).textContent()).toBe(`Mash line · Early · ${formatDay(yesterday, 'en')}`);
    // The browser is in New York; the shift reads in the plant's time.
    expect(await anna.getByTestId('shiftlog-entry-times').textContent()).toBe('Shift time 06:00–14:00 (Europe/Amsterdam)');
    expect(await anna.getByRole('textbox', { name: 'Notes' }).inputValue()).toBe(EARLY_NOTES);
    expect(await anna.getByTestId('shiftlog-summary-state').textContent()).toMatch(/^So far \(counted \d{2}:\d{2}\)$/);

    const fresh = anna.getByRole('textbox', { name: 'New open item' });
    for (const item of [SEAL, SENSOR]) {
      await fresh.fill(item);
      await fresh.press('Enter');
    }
    await anna.getByRole('button', { name: 'Save open items' }).click();
    await until(async () => (await entry(earlyId)).openItems.length === 2, { what: 'the two open items saved' });
    await anna.locator('[data-testid="shiftlog-items-save"]:disabled:not([data-loading])').waitFor();

    // Ticked from the keyboard.
    const sensor = anna.getByRole('checkbox', { name: `Done: item 2, ${SENSOR}` });
    await sensor.focus();
    await anna.keyboard.press('Space');
    expect(await sensor.isChecked()).toBe(true);
    await anna.getByRole('button', { name: 'Save open items' }).click();
    const saved = await until(async () => {
      const e = await entry(earlyId);
      return e.openItems.find((i) => i.text === SENSOR)?.done ? e : null;
    }, { what: 'the sensor item saved done' });
    expect(saved.openItems.map((i) => [i.text, i.done])).toEqual([
      [SEAL, false],
      [SENSOR, true],
    ]);
    await anna.locator('[data-testid="shiftlog-items-save"]:disabled:not([data-loading])').waitFor();
    expect(await anna.getByTestId('shiftlog-items-count').textContent()).toBe('1 open of 2');
    await photo(anna, 'entry-open', 'shiftlog-items');
  }, 90_000);

  it('refuses Anna the handover of her own entry, with the server’s reason', async () => {
    await anna.getByRole('button', { name: 'Take handover' }).click();
    const problem = anna.getByTestId('shiftlog-handover-problem');
    await problem.waitFor();
    expect(await problem.textContent()).toBe("The next shift's operator takes the handover, not whoever wrote the entry");
  }, 30_000);

  it('lets Bert take the handover with a note: the entry is "As handed over" and read-only', async () => {
    await bert.goto(`/shiftlog/${earlyId}`);
    await bert.getByRole('textbox', { name: 'Handover note (optional)' }).fill('Press 2 running fine; door seal still to be ordered');
    await bert.getByRole('button', { name: 'Take handover' }).click();
    await notice(bert, 'Handover of Early taken').waitFor();
    const by = bert.getByTestId('shiftlog-handover-by');
    await by.waitFor();
    expect(await by.textContent()).toMatch(/^Handover taken by bert@plant\.test, /);
    expect(await bert.getByTestId('shiftlog-handover-note').textContent()).toBe('Handover note: Press 2 running fine; door seal still to be ordered');
    expect(await bert.getByTestId('shiftlog-summary-state').textContent()).toBe('As handed over');
    expect(await bert.getByRole('textbox', { name: 'Notes' }).count()).toBe(0);
    expect(await bert.getByRole('checkbox').count()).toBe(0);
    expect((await entry(earlyId)).handedOverBy).toBe(BERT);

    await photo(bert, 'entry-1440x900');
    await bert.setViewportSize(DESKTOP);
    await photo(bert, 'entry-1366x768');
    await bert.setViewportSize(OFFICE);
  }, 60_000);

  it("lets Bert write the late shift's entry: the item left undone comes from the previous shift", async () => {
    await write(bert, /^Late \(14:00–22:00\)$/, LATE_NOTES);
    const items = bert.getByTestId('shiftlog-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(1);
    expect(await items.first().getAttribute('data-carried')).toBe('true');
    expect(await bert.getByRole('textbox', { name: 'Text of item 1' }).inputValue()).toBe(SEAL);
    expect(await items.first().getByTestId('shiftlog-item-carried').textContent()).toBe('From the previous shift');
    await photo(bert, 'entry-carried', 'shiftlog-items');
  }, 60_000);

  it('lists both entries newest first and finds the early one by a word of its notes', async () => {
    await anna.goto('/shiftlog');
    const rows = anna.getByTestId('shiftlog-row');
    await until(async () => (await rows.count()) === 2, { what: 'both entries listed' });
    expect(await rows.first().textContent()).toContain('Late');
    const early = anna.locator(`[data-testid="shiftlog-row"][data-id="${earlyId}"]`);
    expect(await early.textContent()).toContain('06:00–14:00');
    expect(await early.getByTestId('handover-badge').textContent()).toContain('Handed over');
    expect(await early.getByTestId('shiftlog-row-handover').textContent()).toMatch(/^taken by bert@plant\.test, /);
    expect(await early.getByTestId('shiftlog-row-items').textContent()).toContain('1/2');
    await photo(anna, 'list-1440x900');
    await anna.setViewportSize(DESKTOP);
    await photo(anna, 'list-1366x768');
    await anna.setViewportSize(OFFICE);

    await anna.getByRole('searchbox', { name: /^Search/ }).fill('pellet');
    await until(() => new URL(anna.url()).searchParams.get('q') === 'pellet', { what: 'the search in the address' });
    await until(async () => (await rows.count()) === 1 && (await rows.first().getAttribute('data-id')) === earlyId, { what: 'only the early entry' });
    expect(await anna.getByTestId('shiftlog-count').textContent()).toBe('1 entry');
    await rows.first().getByRole('link').click();
    await waitForPath(anna, `/shiftlog/${earlyId}`);
  }, 60_000);

  it('downloads the entry as a PDF', async () => {
    await anna.getByTestId('shiftlog-entry').waitFor();
    const [response, file] = await Promise.all([anna.waitForResponse((r) => r.url().endsWith('/api/shiftlogs/generatePdf')), downloaded(anna, 'shiftlog-pdf')]);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.name).toBe(`shift-log-Mash_line-${yesterday}-Early.pdf`);
    // Kept beside the screenshots, to be opened and read.
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(join(RESULTS_DIR, 'shift-log.pdf'), file.bytes);
  }, 60_000);
});
