/**
 * Every public screen and the shell, at desktop and phone width: a screenshot into
 * test-results/ (to look at) and axe with no serious or critical violations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, linkFromOutbox, startApi, tokenFor, type ApiServer } from './support/api-server';
import { DESKTOP, disconnect, newPage, PHONE, screenshot, seriousViolations, signIn, waitForPath } from './support/browser';

let api: ApiServer;
let signupPath = '';
let resetPath = '';

beforeAll(async () => {
  api = await startApi();
  const token = await tokenFor(api, api.superEmail, api.superPassword, true);
  await call(api, 'POST', '/api/createuser', { email: 'new@plant.test', role: 'PRIVILEGE', privileges: ['RECIPE_READ'] }, token);
  signupPath = new URL(await linkFromOutbox(api, 'new@plant.test', 'validatesignup')).pathname;
  await call(api, 'POST', '/auth/forgotpassword', { email: api.superEmail });
  resetPath = new URL(await linkFromOutbox(api, api.superEmail, 'resetpassword')).pathname;
});

afterAll(async () => {
  await disconnect();
  await api?.stop();
});

const screens: Array<{ name: string; path: () => string; ready: string }> = [
  { name: 'home', path: () => '/Home', ready: 'Batchline' },
  { name: 'login', path: () => '/login', ready: 'Sign in' },
  { name: 'superuserlogin', path: () => '/superuserlogin', ready: 'Super user sign in' },
  { name: 'register', path: () => signupPath, ready: 'Create your account' },
  { name: 'forgotpassword', path: () => '/forgotpassword', ready: 'Forgot password' },
  { name: 'resetpassword', path: () => resetPath, ready: 'Reset password' },
  { name: 'onpremise-reset', path: () => '/resetonprimiseuserpassword', ready: 'Change your password' },
];

describe('public screens', () => {
  for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    for (const s of screens) {
      it(`${s.name} at ${size} width has no serious accessibility violations`, async () => {
        const { context, page } = await newPage(api.url, viewport);
        try {
          await page.goto(s.path());
          await page.getByRole('heading', { name: s.ready, exact: true }).first().waitFor();
          if (s.name === 'register' || s.name === 'resetpassword') {
            // Show the strength badge too.
            await page.getByLabel(s.name === 'register' ? /^Password/ : /^New password/).fill('Plant-Mixer-42');
            await page.getByTestId('strength-badge').waitFor();
          }
          if (s.name === 'login') await page.getByLabel('Email').fill('anna@plant.test');
          await screenshot(page, `${s.name}-${size}`);
          expect(await seriousViolations(page)).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});

describe('the shell', () => {
  for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`at ${size} width has no serious accessibility violations`, async () => {
      const { context, page } = await newPage(api.url, viewport);
      try {
        await signIn(page, api.superEmail, api.superPassword, true);
        await waitForPath(page, '/dashboard');
        // No stream service in this run: the dashboard says it is offline.
        await page.getByTestId('live-offline').waitFor();
        await screenshot(page, `shell-dashboard-${size}`);
        expect(await seriousViolations(page)).toEqual([]);
        await page.goto('/configurator/dosingandfeeding/scales');
        // A fresh installation has no lines yet: the list says so.
        await page.getByTestId('config-empty').waitFor();
        if (size === 'phone') await page.getByRole('button', { name: 'Toggle navigation' }).click();
        await screenshot(page, `shell-nested-${size}`);
        expect(await seriousViolations(page)).toEqual([]);
        await page.goto('/users');
        await page.getByTestId('users-table').waitFor();
        await screenshot(page, `shell-users-${size}`);
        expect(await seriousViolations(page)).toEqual([]);
        await page.goto('/users/createuser');
        await page.getByTestId('role-select').waitFor();
        await screenshot(page, `shell-createuser-${size}`);
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByTestId('theme-switch').click();
        await page.goto('/dashboard');
        await page.getByTestId('live-offline').waitFor();
        await screenshot(page, `shell-dark-${size}`);
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
