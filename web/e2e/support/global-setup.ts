/**
 * Once per e2e run: the services (Postgres, NATS), the built app, the api binary, and one
 * headless Chromium (Debian's) that every test file connects to.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { API_BINARY, REPO_ROOT, WEB_DIR, until } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    wsEndpoint: string;
  }
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default async function setup(project: TestProject) {
  execFileSync('bash', ['scripts/services.sh', 'start'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (!existsSync(`${WEB_DIR}/index.html`)) {
    execFileSync('npm', ['run', 'build'], { cwd: `${WEB_DIR}/..`, stdio: 'inherit' });
  }
  // The api binary is built by the Rust side (`cargo build -p cli --bin batchline`).
  await until(() => existsSync(API_BINARY), { timeout: 600_000, what: `the api binary at ${API_BINARY}` });
  // Playwright gives the browser a fresh temporary --user-data-dir on each launch.
  const server: BrowserServer = await chromium.launchServer({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  project.provide('wsEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
