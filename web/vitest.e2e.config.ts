import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import SummaryReporter from './test-support/summary-reporter';

// Browser journeys against the real api, Postgres and the mail outbox. One Chromium for the
// whole run (global setup), one api per file; files run one after another (2-core machines).
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['./e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', new SummaryReporter()],
  },
});
