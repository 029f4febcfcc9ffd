/**
 * A page's memory after garbage collection, through Chromium's DevTools protocol, and the
 * least-squares growth of a series of such samples (soak tests).
 */
import type { Page } from 'playwright-core';

export interface HeapSample {
  /** Seconds since the first sample. */
  atS: number;
  /** V8's JavaScript heap in use. */
  jsBytes: number;
  /** Blink's garbage-collected heap in use (DOM nodes and other C++ objects of the page). */
  domBytes: number;
}

/**
 * Answers a function that reads the page's heap after garbage collection `readings` times in a
 * row and keeps the least of each: on a page that live data keeps busy, a single reading also
 * holds whatever is in flight (a frame being folded, a render under way), up to a megabyte
 * here; the least of a few is the heap the page keeps.
 */
export async function heapMeter(page: Page, readings = 3): Promise<() => Promise<Omit<HeapSample, 'atS'>>> {
  const cdp = await page.context().newCDPSession(page);
  return async () => {
    let jsBytes = Infinity;
    let domBytes = Infinity;
    for (let i = 0; i < readings; i += 1) {
      // Twice: what the first collection's finalizers and weak callbacks free goes in the second.
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      const heap = await cdp.send('Runtime.getHeapUsage');
      jsBytes = Math.min(jsBytes, heap.usedSize);
      domBytes = Math.min(domBytes, heap.embedderHeapUsedSize);
    }
    return { jsBytes, domBytes };
  };
}

/** The least-squares slope of y over x and its standard error (0 and NaN with too few points). */
export function fit(points: readonly (readonly [number, number])[]): { slope: number; se: number } {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  if (n < 2 || sxx === 0) return { slope: 0, se: Number.NaN };
  const slope = sxy / sxx;
  const residuals = points.reduce((s, [x, y]) => s + (y - my - slope * (x - mx)) ** 2, 0);
  return { slope, se: n > 2 ? Math.sqrt(residuals / (n - 2) / sxx) : Number.NaN };
}

/** A growth in bytes per second as MB (10^6 bytes) per 24 hours. */
export const perDayMB = (bytesPerS: number) => (bytesPerS * 24 * 3600) / 1e6;
