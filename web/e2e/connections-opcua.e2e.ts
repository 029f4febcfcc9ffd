/**
 * The simulated plant reached over OPC UA (issue 32, DEMO_PLANT=opcua): its line gets a
 * "Simulated controller" connection with its interface folder, which the connector reports
 * CONNECTED (pushed live); the node browser walks the controller's address space down to a
 * variable and puts it in a tag; "test" reads every tag from the controller. (Orders and
 * records through the interface: cli's plant tests and connect's interface tests.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startApi, tokenFor, type ApiServer } from './support/api-server';
import { disconnect, newPage, OFFICE, screenshot, seriousViolations, signIn, waitForPath } from './support/browser';

let api: ApiServer;
let token: string;
let lineId: string;

beforeAll(async () => {
  api = await startApi({}, 'api');
  token = await tokenFor(api, api.superEmail, api.superPassword, true);
  const line = await call<{ data: { _id: string } }>(api, 'POST', '/api/lines/add', { name: 'Pellet line', code: 'PL1', timezone: 'Europe/Amsterdam' }, token);
  expect(line.status).toBe(200);
  lineId = line.body.data._id;
  // The plant as DEMO_PLANT=opcua runs it: the line's controller on OPC UA (any free port).
  await api.switchTo('all', { DEMO_PLANT: 'opcua', OPCUA_PORT: '0', SIM_SPEED: '200' });
  token = await tokenFor(api, api.superEmail, api.superPassword, true);
});

afterAll(async () => {
  await disconnect();
  await api?.stop();
});

describe('the simulated plant over OPC UA', () => {
  it('is connected, and its address space can be browsed into a tag', async () => {
    const list = await call<{ data: { _id: string; name: string; interfaceNode: string | null; endpoint: string }[] }>(api, 'GET', `/api/connections?lineId=${lineId}`, undefined, token);
    const simulated = list.body.data.find((c) => c.name === 'Simulated controller');
    expect(simulated?.interfaceNode).toMatch(/^ns=\d+;s=PL1$/);
    const { context, page } = await newPage(api.url, OFFICE);
    try {
      await signIn(page, api.superEmail, api.superPassword, true);
      await waitForPath(page, '/dashboard');
      await page.goto(`/configurator/connections?lineId=${lineId}`);
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="connection-row"][data-live="yes"] [data-testid="connection-state"]')?.getAttribute('data-state') ===
          'CONNECTED',
        undefined,
        { timeout: 30_000 },
      );
      await page.getByTestId('connection-row').getByText(`Batching interface: ${simulated?.interfaceNode}`).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'connection-list-opcua');

      await page.getByTestId('connection-row').filter({ hasText: 'Simulated controller' }).getByRole('link', { name: 'Open Simulated controller' }).click();
      await waitForPath(page, /\/configurator\/connections\/edit\//);
      expect(await page.getByTestId('interface-node').inputValue()).toBe(simulated?.interfaceNode);
      // A new tag, picked in the node browser: Objects → PL1 → Dose → ActualKg (the last dose).
      await page.getByTestId('add-tag').click();
      const rows = page.getByTestId('tag-row');
      const last = rows.last();
      await last.getByTestId('browse-button').click();
      const tree = page.getByRole('tree', { name: 'Address space of the server' });
      await tree.waitFor();
      await tree.getByRole('button', { name: 'Open PL1' }).click();
      await tree.getByRole('button', { name: 'Open Dose' }).click();
      await tree.getByRole('button', { name: 'Use ActualKg' }).first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'connection-browser-opcua');
      await tree.getByRole('button', { name: 'Use ActualKg' }).first().click();
      const n = await rows.count();
      expect(await page.getByLabel(`Node id of tag ${n}`).inputValue()).toMatch(/^ns=\d+;s=PL1\.Dose\.ActualKg$/);
      // "Test" reads each tag once from the controller.
      await page.getByTestId('test-connection').click();
      await page.getByTestId('test-result').getByText('Connected: each tag read once').waitFor({ timeout: 20_000 });
      await screenshot(page, 'connection-test-opcua');
    } finally {
      await context.close();
    }
  });
});
