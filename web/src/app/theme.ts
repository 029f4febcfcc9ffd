/** Mantine theme: shades dark enough for WCAG AA text contrast in both colour schemes. */
import { createTheme, localStorageColorSchemeManager, type CSSVariablesResolver } from '@mantine/core';
import { STORAGE } from '@/lib/storage-keys';

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
  focusRing: 'always',
  // A reader who asks for less motion (prefers-reduced-motion) gets dialogs, menus and
  // notifications without their fades: no moment where half-transparent text is on screen.
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});

export const cssResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-error': t.colors.red[9],
    // Links on tinted panels (a green alert) and placeholders need AA contrast too.
    '--mantine-color-anchor': t.colors.blue[9],
    '--mantine-color-placeholder': t.colors.gray[7],
  },
  dark: {
    '--mantine-color-dimmed': t.colors.dark[1],
    '--mantine-color-error': t.colors.red[4],
    '--mantine-color-anchor': t.colors.blue[3],
    '--mantine-color-placeholder': t.colors.dark[1],
  },
});

export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE.colorScheme });
