import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import SummaryReporter from './test-support/summary-reporter';

// Browser journeys against the real api, Postgres and the mail outbox. One Chromium for the
// whole run (global setup), one api per file (its own database, port and, for a running plant,
// its own nats-server), so two files run side by side: much of a journey is waiting on the
// plant, the api or the browser, and the other file uses that time.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['./e2e/support/global-setup.ts'],
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', new SummaryReporter()],
  },
});
