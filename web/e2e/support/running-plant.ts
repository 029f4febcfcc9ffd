/**
 * A plant that runs, for the report journeys: a private nats-server, `batchline all` (api,
 * ingest, the order board and the simulated line controller), the plant of `setUpPlant`, and a
 * page signed in as the super user on the dashboard. Also how a journey releases an order, reads
 * a report of today from the api and downloads an export.
 */
import type { BrowserContext, Download, Page } from 'playwright-core';
import { call, startApi, tokenFor, type ApiServer } from './api-server';
import { disconnect, newPage, signIn, waitForPath } from './browser';
import { startNats, type Nats } from './nats';
import { setUpPlant, type Plant } from './plant';

export interface RunningPlant {
  nats: Nats;
  api: ApiServer;
  /** The super user's token. */
  token: string;
  plant: Plant;
  lineId: string;
  /** The browser contexts of `superUserPage`, closed by `stopRunningPlant`. */
  contexts: BrowserContext[];
}

/** Starts NATS and `batchline all` with the simulated line (`seed`, `speed`× real time) and sets the plant up. */
export async function startRunningPlant(seed: number, speed = 100): Promise<RunningPlant> {
  const nats = await startNats();
  const api = await startApi({ NATS_URL: nats.url, SIM_LINES: '1', SIM_SPEED: String(speed), SIM_SEED: String(seed) }, 'all');
  const token = await tokenFor(api, api.superEmail, api.superPassword, true);
  const plant = await setUpPlant(api, token);
  return { nats, api, token, plant, lineId: plant.lineId, contexts: [] };
}

/** Adds an order of `batches` batches of `recipeId` planned now and releases it: the line starts it. */
export async function releaseOrder(p: RunningPlant, recipeId: string, orderNumber: string, batches: number): Promise<string> {
  const order = await p.plant.post('/api/productionschedules/add', { lineId: p.lineId, recipeId, orderNumber, batches, plannedStart: new Date().toISOString() });
  const released = await call(p.api, 'POST', `/api/productionschedules/status/${order}`, { status: 'RELEASED' }, p.token);
  if (released.status !== 200) throw new Error(`release ${orderNumber}: ${JSON.stringify(released.body)}`);
  return order;
}

/** A report of today so far on the line (as the screens start with it), from the api. */
export async function today<T>(p: RunningPlant, path: string, more: Record<string, string> = {}): Promise<T> {
  const range = await call<{ data: { fromDate: string } }>(p.api, 'GET', `/api/shifts/defaultfromtodate?lineId=${p.lineId}`, undefined, p.token);
  const q = new URLSearchParams({ lineId: p.lineId, fromDateTime: range.body.data.fromDate, toDateTime: new Date().toISOString(), ...more });
  return (await call<{ data: T }>(p.api, 'GET', `${path}?${q}`, undefined, p.token)).body.data;
}

/** A new page signed in as the super user, on the dashboard (its context closed by `stopRunningPlant`). */
export async function superUserPage(p: RunningPlant): Promise<Page> {
  const { context, page } = await newPage(p.api.url);
  p.contexts.push(context);
  await signIn(page, p.api.superEmail, p.api.superPassword, true);
  await waitForPath(page, '/dashboard');
  return page;
}

/** Stops what `startRunningPlant` started: the pages opened on it, the browser's connection, the api and NATS. */
export async function stopRunningPlant(p: RunningPlant | undefined): Promise<void> {
  for (const context of p?.contexts ?? []) await context.close();
  await disconnect();
  await p?.api.stop();
  await p?.nats.stop();
}

/** Exports `section` as `kind` (its menu, then the item) and answers the file's name and bytes. */
export async function exported(page: Page, kind: 'csv' | 'xlsx' | 'pdf', section = 'report'): Promise<{ name: string; bytes: Buffer }> {
  await page.getByTestId(`${section}-export`).click();
  return downloaded(page, `${section}-export-${kind}`);
}

/** The file the button `testId` makes the browser download: its name and bytes. */
export async function downloaded(page: Page, testId: string, timeout = 60_000): Promise<{ name: string; bytes: Buffer }> {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download', { timeout }), page.getByTestId(testId).click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream()) ?? []) chunks.push(chunk as Buffer);
  return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
}
