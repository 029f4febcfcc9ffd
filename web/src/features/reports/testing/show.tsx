/** Renders a report screen at `path` under its route `pattern`, with the address shown as `location`. */
import type { ComponentType } from 'react';
import { LocationProbe, renderAt } from '@/test/render';

export function show(Screen: ComponentType, pattern: string, path = pattern) {
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
  ]);
}

/** The current address's search parameters. */
export function searchOf(location: HTMLElement): URLSearchParams {
  return new URL(location.textContent ?? '', 'http://x').searchParams;
}
