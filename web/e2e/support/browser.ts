/** Browser helpers: one shared Chromium, a fresh context per test, screenshots and axe. */
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { RESULTS_DIR } from './paths';

export const DESKTOP = { width: 1366, height: 768 };
/** An engineer's or an admin's office screen. */
export const OFFICE = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

let browser: Browser | null = null;

export async function connect(): Promise<Browser> {
  browser ??= await chromium.connect(inject('wsEndpoint'));
  return browser;
}

export async function disconnect(): Promise<void> {
  await browser?.close();
  browser = null;
}

/** A page in a fresh context; `timezoneId` sets the browser's zone (default: the machine's). */
export async function newPage(baseURL: string, viewport = DESKTOP, timezoneId?: string): Promise<{ context: BrowserContext; page: Page }> {
  const b = await connect();
  const context = await b.newContext({ baseURL, viewport, reducedMotion: 'reduce', timezoneId });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: join(RESULTS_DIR, `${name}.png`), fullPage: false });
}

/** Serious or critical axe violations of the page as it is now (WCAG 2 A/AA). */
export async function seriousViolations(page: Page): Promise<string[]> {
  // What is fading in or out (a notification, a dialog) is judged once it has settled: half
  // way through, its colours are half transparent and axe would measure a contrast nobody sees.
  await page.evaluate(() =>
    Promise.race([
      Promise.allSettled(document.getAnimations().filter((a) => a.playState === 'running').map((a) => a.finished)),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Waits for the path (case-insensitive, without query) to be `path`. */
export async function waitForPath(page: Page, path: string | RegExp): Promise<void> {
  await page.waitForURL((url) => (typeof path === 'string' ? url.pathname.toLowerCase() === path.toLowerCase() : path.test(url.pathname)));
}

/** Signs in through the /login (or /superuserlogin) form. */
export async function signIn(page: Page, email: string, password: string, superUser = false): Promise<void> {
  await page.goto(superUser ? '/superuserlogin' : '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** The paths of the side menu's links, opening every group first. */
export async function menuLinks(page: Page): Promise<string[]> {
  const nav = page.getByTestId('side-nav');
  await nav.waitFor();
  // Open every collapsed group a person can see, until none is left (nested ones show as
  // their parents open).
  for (let i = 0; i < 100; i += 1) {
    const closed = nav.locator('button[aria-expanded="false"]:visible');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  const hrefs = await nav.locator('a[href]:visible').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return hrefs;
}

/** The text of the notification currently shown. */
export function notice(page: Page, text: string | RegExp) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}
