/** Each role sees exactly its menu (§6) and is refused routes outside it. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMenu, menuPaths } from '@/app/menu';
import type { Role } from '@/lib/access';
import { registeredUser, startApi, type ApiServer } from './support/api-server';
import { disconnect, menuLinks, newPage, signIn, waitForPath } from './support/browser';

let api: ApiServer;
const users: Record<string, { email: string; password: string; role: Role; privileges: string[]; superUser?: boolean }> = {};

beforeAll(async () => {
  api = await startApi();
  users.super = { email: api.superEmail, password: api.superPassword, role: '_SUPER', privileges: [], superUser: true };
  users.admin = { email: 'admin@plant.test', password: await registeredUser(api, 'admin@plant.test', 'ADMIN'), role: 'ADMIN', privileges: [] };
  const recipes = ['RECIPE_READ', 'RECIPE_UPDATE'];
  users.recipes = { email: 'cook@plant.test', password: await registeredUser(api, 'cook@plant.test', 'PRIVILEGE', recipes), role: 'PRIVILEGE', privileges: recipes };
  const lines = ['_LINE_CREATE', 'REPORTS_READ'];
  users.lines = { email: 'lines@plant.test', password: await registeredUser(api, 'lines@plant.test', 'PRIVILEGE', lines), role: 'PRIVILEGE', privileges: lines };
  const lots = ['LOT_READ'];
  users.lots = { email: 'quality@plant.test', password: await registeredUser(api, 'quality@plant.test', 'PRIVILEGE', lots), role: 'PRIVILEGE', privileges: lots };
});

afterAll(async () => {
  await disconnect();
  await api?.stop();
});

const refused: Record<string, string[]> = {
  super: [],
  admin: ['/configurator/stoptime/stoptimereasons', '/configurator/line/new'],
  recipes: ['/users', '/users/createuser', '/configurator/line', '/reporting/batch/batchsummary', '/import/bins', '/scheduling/productionschedules'],
  lines: ['/users', '/configurator/mixermode/iram', '/configurator/line/edit/1', '/recipemanagement/recipes', '/copyparameter/x', '/traceability/lots', '/traceability/recall'],
  lots: ['/traceability/lots/new', '/traceability/deliveries/edit/1', '/traceability/lots/edit/1', '/reporting/batch/batchsummary', '/users'],
};
const allowed: Record<string, string[]> = {
  super: ['/users', '/configurator/stoptime/stoptimereasons/add', '/configurator/line/new'],
  admin: ['/users', '/configurator/mixermode/iram', '/consumption/consumptionstatistics/spcgraph'],
  recipes: ['/recipemanagement/recipes', '/recipemanagement/recipes/view/1/2', '/dashboard'],
  lines: ['/configurator/line/new', '/configurator/line', '/reporting/others/calibrationReport'],
  lots: ['/traceability/lots', '/traceability/deliveries', '/traceability/recall', '/traceability/suppliers'],
};

describe('menus and route refusals per role', () => {
  for (const name of ['super', 'admin', 'recipes', 'lines', 'lots']) {
    it(`${name}: sees exactly its menu and is refused routes outside it`, async () => {
      const u = users[name];
      const { context, page } = await newPage(api.url);
      try {
        await signIn(page, u.email, u.password, u.superUser);
        await waitForPath(page, '/dashboard');
        const expected = menuPaths(buildMenu(u.role, u.privileges));
        // The menu settles as groups open (each opening renders its children a frame later):
        // read it again until it matches or the timeout says what was seen last.
        await expect.poll(async () => (await menuLinks(page)).sort(), { timeout: 15_000, interval: 200 }).toEqual([...expected].sort());
        for (const path of refused[name]) {
          await page.goto(path);
          await page.getByTestId('not-allowed').waitFor();
        }
        for (const path of allowed[name]) {
          await page.goto(path);
          await page.locator('[data-testid="not-available"], [data-testid="report-screen"], [data-testid="users-table"], [data-testid="live-empty"], [data-testid="config-table"], [data-testid="config-empty"], [data-testid="entity-form"], [data-testid="recipe-table"], [data-testid="recipe-empty"], [data-testid="recipe-not-found"], [data-testid="schedule-table"], [data-testid="schedule-empty"], [data-testid="schedule-not-found"], [data-testid="lot-table"], [data-testid="lot-empty"], [data-testid="delivery-table"], [data-testid="delivery-empty"], [data-testid="recall-idle"]').first().waitFor();
          expect(await page.getByTestId('not-allowed').count()).toBe(0);
        }
      } finally {
        await context.close();
      }
    });
  }
});
