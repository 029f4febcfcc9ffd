/** Renders a traceability screen at `path` under its route `pattern`, with the address shown as `location`. */
import type { ComponentType, ReactElement } from 'react';
import { LocationProbe, renderAt } from '@/test/render';

export function show(Screen: ComponentType, pattern: string, path = pattern, more: Array<{ path: string; element: ReactElement }> = []) {
  return renderAt(path, [
    {
      path: pattern,
      element: (
        <>
          <Screen />
          <LocationProbe />
        </>
      ),
    },
    ...more,
  ]);
}

/** The current address's search parameters. */
export function searchOf(location: HTMLElement): URLSearchParams {
  return new URL(location.textContent ?? '', 'http://x').searchParams;
}
