/** Mantine theme: shades dark enough for WCAG AA text contrast in both colour schemes. */
import { createTheme, localStorageColorSchemeManager, type CSSVariablesResolver } from '@mantine/core';
import { STORAGE } from '@/lib/storage-keys';

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
  focusRing: 'always',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});

export const cssResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-error': t.colors.red[9],
    '--mantine-color-anchor': t.colors.blue[8],
  },
  dark: {
    '--mantine-color-dimmed': t.colors.dark[1],
    '--mantine-color-error': t.colors.red[4],
    '--mantine-color-anchor': t.colors.blue[3],
  },
});

export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE.colorScheme });
