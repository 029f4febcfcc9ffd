import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

const here = fileURLToPath(new URL('.', import.meta.url));
export const WEB_ROOT = resolve(here, '..', '..');
export const REPO_ROOT = resolve(WEB_ROOT, '..');
export const WEB_DIR = resolve(WEB_ROOT, 'dist');
export const API_BINARY = resolve(REPO_ROOT, 'target', 'debug', 'batchline');
export const RESULTS_DIR = resolve(WEB_ROOT, 'test-results');

/** Polls `check` until it answers something truthy (no sleeps as synchronisation). */
export async function until<T>(
  check: () => T | Promise<T>,
  { timeout = 15_000, interval = 100, what = 'a condition' }: { timeout?: number; interval?: number; what?: string } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeout;
  let last: string | undefined;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (e) {
      last = String(e);
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${last}` : ''}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}
