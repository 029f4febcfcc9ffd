import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor wait up to 10 s (the library's 1 s fails on a loaded two-core machine
// while the screen's first lazy chunks and fake answers settle, and `make test` runs the Rust
// tests beside these); a test that passes still passes as soon as its condition holds.
configure({ asyncUtilTimeout: 10_000 });

// Every file runs in one environment (vitest.config.ts: no isolation), so what a test sets
// globally is undone after it: the DOM, the notifications shown or queued (Mantine keeps them
// in a module-wide store: another file's notices would fill its five places and queue a test's
// own), storage, stubbed globals (fetch), fake timers.
afterEach(() => {
  cleanup();
  notifications.clean();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// jsdom lacks these; Mantine (and later uPlot) call them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
// A multi-line input (a configuration's description) sizes itself again when fonts load.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
