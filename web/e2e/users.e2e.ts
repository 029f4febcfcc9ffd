/** User administration screens: search and paging in the URL, regenerate a password, delete. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startApi, tokenFor, type ApiServer } from './support/api-server';
import { disconnect, newPage, signIn, waitForPath } from './support/browser';
import { until } from './support/paths';

let api: ApiServer;

beforeAll(async () => {
  api = await startApi({ SYSTEM_TYPE: 'ON_PREMISE' });
  const token = await tokenFor(api, api.superEmail, api.superPassword, true);
  for (let i = 1; i <= 22; i++) {
    const n = String(i).padStart(2, '0');
    const res = await call(api, 'POST', '/api/user/onpremise/createuser', { email: `operator${n}@plant.test`, username: `operator${n}`, role: 'PRIVILEGE', privileges: ['REPORTS_READ'] }, token);
    expect(res.status).toBe(200);
  }
});

afterAll(async () => {
  await disconnect();
  await api?.stop();
});

describe('users administration', () => {
  it('searches and pages through the list, regenerates a password and deletes a user', async () => {
    const { context, page } = await newPage(api.url);
    try {
      await signIn(page, api.superEmail, api.superPassword, true);
      await waitForPath(page, '/dashboard');
      await page.goto('/users');
      const rows = page.getByTestId('users-table').locator('tbody tr');
      await until(async () => (await rows.count()) === 20, { what: 'a first page of 20 users' });

      // Page 2 holds the rest (23 users with the super user), and the page is in the URL.
      await page.getByRole('button', { name: 'Page 2' }).click();
      await until(async () => (await rows.count()) === 3, { what: 'page 2 with 3 users' });
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');

      // Search narrows the list and resets paging.
      await page.getByLabel('Search by email or username').fill('operator07');
      await until(async () => (await rows.count()) === 1, { what: 'one search hit' });
      expect(new URL(page.url()).searchParams.get('search')).toBe('operator07');
      expect(new URL(page.url()).searchParams.get('page')).toBeNull();

      // A new temporary password is shown once and works (the user must then change it).
      await page.getByRole('button', { name: 'New password for operator07@plant.test' }).click();
      const temporary = (await page.getByTestId('temporary-password').textContent())!.trim();
      expect(temporary.length).toBeGreaterThanOrEqual(12);
      const login = await call<{ userStatus?: string; token?: string }>(api, 'POST', '/auth/login', { email: 'operator07@plant.test', password: temporary });
      expect(login.body.userStatus).toBe('inactive');
      expect(login.body.token).toBeUndefined();
      await page.keyboard.press('Escape');
      await page.getByTestId('temporary-password').waitFor({ state: 'detached' });

      // Delete with confirmation: the user disappears from the list.
      await page.getByRole('button', { name: 'Delete operator07@plant.test' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await until(async () => (await rows.count()) === 0, { what: 'the deleted user to leave the list' });
      const token = await tokenFor(api, api.superEmail, api.superPassword, true);
      const list = await call<{ data: { total: number } }>(api, 'GET', '/api/user/users?search=operator07', undefined, token);
      expect(list.body.data.total).toBe(0);
    } finally {
      await context.close();
    }
  }, 120_000);
});
