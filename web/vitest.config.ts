import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import SummaryReporter from './test-support/summary-reporter';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    reporters: ['default', new SummaryReporter()],
    css: false,
    // One worker thread runs every file in one environment (jsdom and the imported modules are
    // set up once, not per file): 3.5 minutes instead of 8.7 on a two-core machine, and the
    // other core stays free for the Rust tests `make test` runs beside. Each test cleans up
    // what it set (src/test/setup.ts: the DOM, fetch, storage, timers, the query cache).
    pool: 'threads',
    isolate: false,
    // A screen test renders lazily loaded screens in jsdom: seconds on a loaded two-core
    // machine (`make test` runs the Rust tests beside these). Its own waits (findBy, waitFor:
    // 10 s, src/test/setup.ts) decide; this only ends a test that hangs, and no test sets a
    // shorter one.
    testTimeout: 60000,
  },
});
