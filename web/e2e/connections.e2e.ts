/**
 * Plant connections through the screens (issue 32): a connection with its tag table is
 * configured, the list shows the state the running connector reports (pushed live: nothing
 * listens at its endpoint, so it is DISCONNECTED with the OPC UA reason), "test" says the server
 * does not answer, the edit form keeps the stored password, and the connection is deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startApi, tokenFor, type ApiServer } from './support/api-server';
import { disconnect, newPage, OFFICE, screenshot, seriousViolations, signIn, waitForPath } from './support/browser';

let api: ApiServer;
let token: string;
let lineId: string;

beforeAll(async () => {
  // `all`: the connector and the stream service run, so the state comes as it would in a plant.
  api = await startApi({}, 'all');
  token = await tokenFor(api, api.superEmail, api.superPassword, true);
  const line = await call<{ data: { _id: string } }>(api, 'POST', '/api/lines/add', { name: 'Press line', code: 'PR1', timezone: 'Europe/Amsterdam' }, token);
  expect(line.status).toBe(200);
  lineId = line.body.data._id;
});

afterAll(async () => {
  await disconnect();
  await api?.stop();
});

describe('plant connections', () => {
  it('configures an OPC UA connection with its tags and shows the state its connector reports', async () => {
    const { context, page } = await newPage(api.url, OFFICE);
    try {
      await signIn(page, api.superEmail, api.superPassword, true);
      await waitForPath(page, '/dashboard');
      await page.goto(`/configurator/connections?lineId=${lineId}`);
      await page.getByTestId('connection-list').waitFor();
      await page.getByTestId('new-connection').click();
      await waitForPath(page, '/configurator/connections/new');

      await page.getByLabel(/^Name/).fill('Press PLC');
      // Nothing listens on port 9 of loopback: the connector cannot reach it.
      await page.getByLabel(/^Endpoint/).fill('opc.tcp://127.0.0.1:9/');
      await page.getByLabel('User', { exact: true }).fill('operator');
      await page.getByLabel('Password', { exact: true }).fill('plc-secret');
      await page.getByTestId('add-tag').click();
      await page.getByLabel('Node id of tag 1').fill('ns=2;s=L1.Press.Current');
      await page.getByLabel('Code of tag 1').fill('PRESS_CURRENT_A');
      await page.getByLabel('Deadband of tag 1').fill('0.5');
      await page.getByTestId('add-tag').click();
      await page.getByRole('combobox', { name: 'Kind of tag 2' }).click();
      await page.getByRole('option', { name: 'Line state' }).click();
      await page.getByLabel('Node id of tag 2').fill('ns=2;s=L1.Line.State');
      await page.getByLabel('Code of tag 2').fill('LINE_STATE');
      // A pair the map cannot read is named before anything is sent.
      await page.getByLabel('Value map of tag 2').fill('0=STOPPED, 1=GO');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Cannot read “1=GO”').waitFor();
      await page.getByLabel('Value map of tag 2').fill('0=STOPPED, 1=RUNNING');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'connection-form');
      await page.getByRole('button', { name: 'Save' }).click();
      await waitForPath(page, /\/configurator\/connections\/edit\//);

      // The stored record: its tags, a stored password never shown.
      const id = page.url().split('/').pop() ?? '';
      const stored = await call<{ data: { tags: { valueMap?: Record<string, string> }[]; hasPassword: boolean } }>(api, 'GET', `/api/connections/${id}`, undefined, token);
      expect(stored.body.data.hasPassword).toBe(true);
      expect(stored.body.data.tags[1].valueMap).toEqual({ '0': 'STOPPED', '1': 'RUNNING' });
      expect(JSON.stringify(stored.body)).not.toContain('plc-secret');
      await page.getByPlaceholder('Stored (leave empty to keep)').waitFor();

      // The connector reports it; the edit screen and the list show it.
      const state = page.getByTestId('connection-status').getByTestId('connection-state');
      await page.waitForFunction(
        () => {
          const s = document.querySelector('[data-testid="connection-status"] [data-testid="connection-state"]')?.getAttribute('data-state');
          return s === 'DISCONNECTED' || s === 'CONNECTING';
        },
        undefined,
        { timeout: 20_000 },
      );
      expect(['DISCONNECTED', 'CONNECTING']).toContain(await state.getAttribute('data-state'));

      // "Test": the server does not answer.
      await page.getByTestId('test-connection').click();
      await page.getByTestId('test-result').getByText('The server does not answer').waitFor();
      await screenshot(page, 'connection-edit');

      await page.goto(`/configurator/connections?lineId=${lineId}`);
      const row = page.getByTestId('connection-row').filter({ hasText: 'Press PLC' });
      await row.waitFor();
      expect(await row.textContent()).toContain('opc.tcp://127.0.0.1:9/');
      await page.waitForFunction(
        // The state the connector reported, pushed on the line's topic (not the list's own guess).
        () =>
          document.querySelector('[data-testid="connection-row"][data-live="yes"] [data-testid="connection-state"]')?.getAttribute('data-state') ===
          'DISCONNECTED',
        undefined,
        { timeout: 20_000 },
      );
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'connection-list');

      // Deleted.
      await row.getByRole('button', { name: 'Delete Press PLC' }).click();
      await page.getByTestId('confirm-delete').click();
      await page.getByText('No connection on this line yet').waitFor();
    } finally {
      await context.close();
    }
  });
});
