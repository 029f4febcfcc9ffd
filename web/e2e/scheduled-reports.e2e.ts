/**
 * Scheduled reports through the screens (issue 35, item 3), against `batchline api` on a fresh
 * database, its sender running every two seconds: the plant of `setUpPlant` (the line "Mash
 * line" in Europe/Amsterdam) with a shift that ends a minute or two from now. Rita, who reads
 * reports, opens consumption by material of the line and has it delivered as CSV at each
 * shift's end to the quality manager; the subscription is listed with its cadence. The server is
 * restarted before the shift ends (the period is not lost and not sent twice); when the shift
 * ends the delivery shows Sent on the subscription's screen, and the outbox holds exactly one
 * mail for it, still one after several more rounds. axe finds no serious violation in the
 * dialog, the list or the subscription; they are photographed at 1440 × 900.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredUser, startApi, tokenFor, type ApiServer } from './support/api-server';
import { disconnect, newPage, OFFICE, screenshot, seriousViolations, signIn, waitForPath } from './support/browser';
import { until } from './support/paths';
import { setUpPlant } from './support/plant';

const RITA = 'rita@plant.test';
const QA = 'qa@plant.test';
const DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'];

let api: ApiServer;
let lineId: string;
let page: Page;
let subscriptionId: string;
const contexts: BrowserContext[] = [];

/** `HH:MM` in Amsterdam `minutes` from now (rounded down to the minute). */
function amsterdam(minutes: number): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(Date.now() + minutes * 60_000));
}

/** The outbox's mails of report deliveries. */
function deliveryMails(): string[] {
  try {
    return readdirSync(join(api.dataDir, 'outbox')).filter((f) => f.startsWith('report-'));
  } catch {
    return [];
  }
}

beforeAll(async () => {
  api = await startApi({ REPORT_SCHEDULE_SECONDS: '2' });
  const token = await tokenFor(api, api.superEmail, api.superPassword, true);
  const plant = await setUpPlant(api, token);
  lineId = plant.lineId;
  // A shift that began two hours ago and ends at the second full minute from now.
  await plant.create('shifts', { name: 'Test shift', startTime: amsterdam(-120), endTime: amsterdam(2), days: DAYS });
  const password = await registeredUser(api, RITA, 'PRIVILEGE', ['REPORTS_READ']);
  const opened = await newPage(api.url, OFFICE, 'UTC');
  contexts.push(opened.context);
  page = opened.page;
  await signIn(page, RITA, password);
  await waitForPath(page, '/dashboard');
}, 180_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await disconnect();
  await api?.stop();
});

async function choose(label: RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('a report delivered at each shift end', () => {
  it('saves consumption by material of the line as a subscription from its screen', async () => {
    await page.goto(`/reporting/consumption/bymaterials?lineId=${lineId}`);
    await page.getByTestId('deliver-open').first().click();
    const dialog = page.getByTestId('deliver-dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('data-report')).toBe('totalweightgroupedby');
    await page.getByTestId('subscription-name').fill('Consumption per shift');
    await choose(/^How often/, 'Each shift end');
    await choose(/^Format/, 'CSV');
    const recipients = page.getByTestId('subscription-recipients');
    await recipients.fill(QA);
    await recipients.press('Enter');
    await screenshot(page, 'deliver-dialog-1440x900');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('confirm-deliver').click();
    await page.getByTestId('deliver-saved-link').click();
    await waitForPath(page, /^\/reports\/subscriptions\/[0-9a-f-]{36}$/);
    subscriptionId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByTestId('deliveries-empty').waitFor();

    await page.goto('/reports/subscriptions');
    const row = page.locator(`[data-testid="subscription-row"][data-id="${subscriptionId}"]`);
    await row.waitFor();
    expect(await row.getByTestId('subscription-row-cadence').textContent()).toBe("At each shift's end");
    expect(await row.getByTestId('subscription-row-format').textContent()).toContain('CSV');
    await screenshot(page, 'subscriptions-1440x900');
    expect(await seriousViolations(page)).toEqual([]);
  }, 90_000);

  it('is delivered once when the shift ends, a restart of the server in between', async () => {
    await api.restart();
    await page.goto(`/reports/subscriptions/${subscriptionId}`);
    const status = page.getByTestId('delivery-status');
    await until(
      async () => {
        await page.reload();
        await page.getByTestId('subscription').waitFor();
        return (await status.count()) === 1 && (await status.getAttribute('data-status')) === 'SENT';
      },
      { timeout: 200_000, interval: 5_000, what: 'the shift-end delivery sent' },
    );
    expect(await page.getByTestId('delivery-file').textContent()).toMatch(/\.csv/);
    expect(deliveryMails()).toHaveLength(1);
    expect(deliveryMails()[0]).toContain(QA);
    // Several more rounds (every 2 s): nothing sent again.
    const rounds = Date.now();
    await until(() => Date.now() - rounds > 8_000, { timeout: 20_000, interval: 1_000, what: 'four more rounds' });
    await page.reload();
    await page.getByTestId('delivery-row').first().waitFor();
    expect(await page.getByTestId('delivery-row').count()).toBe(1);
    expect(deliveryMails()).toHaveLength(1);
    await screenshot(page, 'subscription-delivered-1440x900');
    expect(await seriousViolations(page)).toEqual([]);
  }, 240_000);
});
