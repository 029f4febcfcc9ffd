/** Sign-in journeys on a cloud installation (§2, §4, §8), against the real api and outbox. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, linkFromOutbox, registeredUser, startApi, tokenFor, type ApiServer } from './support/api-server';
import { disconnect, newPage, notice, signIn, waitForPath } from './support/browser';
import { until } from './support/paths';

let api: ApiServer;

beforeAll(async () => {
  api = await startApi();
});

afterAll(async () => {
  await disconnect();
  await api?.stop();
});

describe('sign-in journeys', () => {
  it('the super user signs in first through /Home and /superuserlogin', async () => {
    const { context, page } = await newPage(api.url);
    try {
      await page.goto('/Home');
      await page.getByTestId('home-login').click();
      await waitForPath(page, '/superuserlogin');
      await page.getByLabel('Email').fill(api.superEmail);
      await page.getByLabel(/^Password/).fill(api.superPassword);
      await page.getByRole('button', { name: 'Log In' }).click();
      await waitForPath(page, '/dashboard');
      await page.getByTestId('user-menu').getByText(api.superEmail).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('systemType'))).toBe('CLOUD');
      expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('_SUPER');
      // The address follows the page: a reload keeps the session, and the sign-in form is not
      // shown again to someone signed in.
      await page.reload();
      await page.getByTestId('user-menu').getByText(api.superEmail).waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      await page.goto('/superuserlogin');
      await waitForPath(page, '/dashboard');
    } finally {
      await context.close();
    }
  });

  it('an admin invites a user, who registers through the mailed link and signs in', async () => {
    const { context, page } = await newPage(api.url);
    try {
      // The super user invites an admin through the screen.
      await signIn(page, api.superEmail, api.superPassword, true);
      await waitForPath(page, '/dashboard');
      await page.goto('/users/createuser');
      await page.getByLabel('Email').fill('admin@plant.test');
      await page.getByTestId('role-select').click();
      await page.getByRole('option', { name: 'Administrator' }).click();
      await page.getByRole('button', { name: 'Create User' }).click();
      await waitForPath(page, '/users');
      await page.locator('tr[data-email="admin@plant.test"]').waitFor();
      // The admin registers through the link in the outbox.
      const adminLink = await linkFromOutbox(api, 'admin@plant.test', 'validatesignup');
      await page.getByTestId('user-menu').click();
      await page.getByTestId('logout').click();
      await waitForPath(page, /^\/(login|superuserlogin)$/);
      await page.goto(new URL(adminLink).pathname);
      await expect.poll(() => page.getByLabel('Email').inputValue()).toBe('admin@plant.test');
      await page.getByLabel('Username').fill('admin1');
      await page.getByLabel(/^Password/).fill('Mixing-Line-Admin-77');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await waitForPath(page, '/login');
      // With an active admin, /Home leads to the ordinary login.
      await page.goto('/Home');
      await page.getByTestId('home-login').click();
      await waitForPath(page, '/login');
      await signIn(page, 'admin@plant.test', 'Mixing-Line-Admin-77');
      await waitForPath(page, '/dashboard');
      // The admin invites a privileged user, who registers and signs in.
      await page.goto('/users/createuser');
      await page.getByLabel('Email').fill('operator@plant.test');
      await page.getByLabel('Recipes: Read').check();
      await page.getByRole('button', { name: 'Create User' }).click();
      await waitForPath(page, '/users');
      const link = await linkFromOutbox(api, 'operator@plant.test', 'validatesignup');
      await page.getByTestId('user-menu').click();
      await page.getByTestId('logout').click();
      await waitForPath(page, '/login');
      await page.goto(new URL(link).pathname);
      await expect.poll(() => page.getByLabel('Email').inputValue()).toBe('operator@plant.test');
      await page.getByLabel('Username').fill('operator1');
      await page.getByLabel(/^Password/).fill('Dosing-Scale-Operator-31');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await waitForPath(page, '/login');
      await signIn(page, 'operator@plant.test', 'Dosing-Scale-Operator-31');
      await waitForPath(page, '/dashboard');
      expect(await page.evaluate(() => localStorage.getItem('privileges'))).toBe('["RECIPE_READ"]');
    } finally {
      await context.close();
    }
  });

  it('forgot password leads to a reset through the mailed link', async () => {
    const password = await registeredUser(api, 'forgetful@plant.test', 'PRIVILEGE', ['REPORTS_READ']);
    expect(password).toBeTruthy();
    const { context, page } = await newPage(api.url);
    try {
      await page.goto('/login');
      await page.getByLabel('Email').fill('forgetful@plant.test');
      await page.getByTestId('reset-link').click();
      await waitForPath(page, '/forgotpassword');
      await expect.poll(() => page.getByLabel('Email').inputValue()).toBe('forgetful@plant.test');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await waitForPath(page, '/login');
      const link = await linkFromOutbox(api, 'forgetful@plant.test', 'resetpassword');
      await page.goto(new URL(link).pathname);
      await page.getByLabel(/^New password/).fill('Brand-New-Silo-Password-9');
      await page.getByLabel(/^Confirm password/).fill('Brand-New-Silo-Password-9');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await waitForPath(page, '/login');
      await signIn(page, 'forgetful@plant.test', 'Brand-New-Silo-Password-9');
      await waitForPath(page, '/dashboard');
    } finally {
      await context.close();
    }
  });

  it('an invalid register token goes to /home and an invalid reset token to /forgotpassword', async () => {
    const { context, page } = await newPage(api.url);
    try {
      await page.goto('/validatesignup/not-a-real-token');
      await waitForPath(page, '/home');
      await notice(page, 'Invalid Token').waitFor();
      await page.goto('/resetpassword/not-a-real-token');
      await waitForPath(page, '/forgotpassword');
      await notice(page, 'Invalid Token').waitFor();
    } finally {
      await context.close();
    }
  });

  it('a protected URL opened signed out returns there after sign-in', async () => {
    const { context, page } = await newPage(api.url);
    try {
      await page.goto('/reporting/others/binHistory');
      await waitForPath(page, '/Home');
      await page.getByTestId('home-login').click();
      await waitForPath(page, '/login');
      await page.getByLabel('Email').fill('admin@plant.test');
      await page.getByLabel(/^Password/).fill('Mixing-Line-Admin-77');
      await page.getByRole('button', { name: 'Log In' }).click();
      await waitForPath(page, '/reporting/others/binHistory');
      await page.getByTestId('report-screen').waitFor();
    } finally {
      await context.close();
    }
  });

  it('an expired token lands on /Home', async () => {
    const { context, page } = await newPage(api.url);
    try {
      const token = await tokenFor(api, 'admin@plant.test', 'Mixing-Line-Admin-77');
      // The same token with an expiry one second in the past (the client checks seconds).
      const [h, p, s] = token.split('.');
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
      claims.exp = Math.floor(Date.now() / 1000) - 1;
      const expired = [h, Buffer.from(JSON.stringify(claims)).toString('base64url'), s].join('.');
      await page.goto('/Home');
      await page.evaluate((t) => localStorage.setItem('id_token', t), expired);
      await page.goto('/dashboard');
      await waitForPath(page, '/Home');
      expect(await page.evaluate(() => localStorage.getItem('id_token'))).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('a token revoked on the server (logout elsewhere) lands on /Home at the next call', async () => {
    const { context, page } = await newPage(api.url);
    try {
      await signIn(page, 'admin@plant.test', 'Mixing-Line-Admin-77');
      await waitForPath(page, '/dashboard');
      // The dashboard loads the lines cache first; revoke after that call, so the next call is
      // the one this test makes.
      await until(() => page.evaluate(() => localStorage.getItem('lines') !== null), { what: 'the lines cache' });
      const token = await page.evaluate(() => localStorage.getItem('id_token'));
      const out = await call(api, 'GET', '/auth/logout', undefined, token!);
      expect(out.status).toBe(200);
      await page.getByRole('button', { name: 'User Management' }).click();
      await page.getByRole('link', { name: 'Users' }).click();
      await waitForPath(page, '/Home');
      expect(await page.evaluate(() => localStorage.getItem('id_token'))).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('the language choice applies at once and persists across a reload', async () => {
    const { context, page } = await newPage(api.url);
    try {
      await signIn(page, 'admin@plant.test', 'Mixing-Line-Admin-77');
      await waitForPath(page, '/dashboard');
      await page.getByTestId('language-select').selectOption('de');
      await page.getByRole('button', { name: 'Konfigurator' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('de');
      await page.reload();
      await page.getByRole('button', { name: 'Konfigurator' }).waitFor();
      await page.getByText('Live-Verbindung unterbrochen', { exact: false }).waitFor();
      // Server messages follow the language too.
      await page.getByTestId('user-menu').click();
      await page.getByTestId('logout').click();
      await waitForPath(page, '/login');
      await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
