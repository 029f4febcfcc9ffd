/** On-premise installations: generated passwords shown once, forced change at first sign-in. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiServer } from './support/api-server';
import { disconnect, newPage, signIn, waitForPath } from './support/browser';

let api: ApiServer;

beforeAll(async () => {
  api = await startApi({ SYSTEM_TYPE: 'ON_PREMISE' });
});

afterAll(async () => {
  await disconnect();
  await api?.stop();
});

describe('on-premise users', () => {
  it('get a generated password once and must change it at the first sign-in', async () => {
    const { context, page } = await newPage(api.url);
    try {
      await signIn(page, api.superEmail, api.superPassword, true);
      await waitForPath(page, '/dashboard');
      expect(await page.evaluate(() => localStorage.getItem('systemType'))).toBe('ON_PREMISE');
      await page.goto('/users/createuser');
      await page.getByLabel('Email').fill('mixer@plant.test');
      await page.getByLabel('Username').fill('mixer1');
      await page.getByLabel('Scheduling: Read').check();
      await page.getByRole('button', { name: 'Create User' }).click();
      const temporary = (await page.getByTestId('temporary-password').textContent())!.trim();
      expect(temporary.length).toBeGreaterThanOrEqual(8);
      await page.getByRole('button', { name: 'Done' }).click();
      await waitForPath(page, '/users');
      await page.locator('tr[data-email="mixer@plant.test"]').waitFor();
      expect(await page.getByTestId('temporary-password').count()).toBe(0);
      await page.getByTestId('user-menu').click();
      await page.getByTestId('logout').click();
      await waitForPath(page, /^\/(login|superuserlogin)$/);

      // First sign-in with the temporary password goes to the on-premise reset.
      await signIn(page, 'mixer@plant.test', temporary);
      await waitForPath(page, '/resetonprimiseuserpassword');
      await expect.poll(() => page.getByTestId('onpremise-email').inputValue()).toBe('mixer@plant.test');
      const change = page.getByRole('button', { name: 'Change Password' });
      expect(await change.isDisabled()).toBe(true);
      await page.getByLabel(/^Old password/).fill(temporary);
      await page.getByLabel(/^New password/).fill('Feed-Mill-Mixer-2026');
      await page.getByLabel(/^Confirm password/).fill('Feed-Mill-Mixer-2027');
      await page.getByText('Passwords do not match').waitFor();
      expect(await change.isDisabled()).toBe(true);
      await page.getByLabel(/^Confirm password/).fill('Feed-Mill-Mixer-2026');
      await change.click();
      await waitForPath(page, '/login');
      await signIn(page, 'mixer@plant.test', 'Feed-Mill-Mixer-2026');
      await waitForPath(page, '/dashboard');
      expect(await page.evaluate(() => localStorage.getItem('privileges'))).toBe('["SCHEDULE_READ"]');
    } finally {
      await context.close();
    }
  });
});
