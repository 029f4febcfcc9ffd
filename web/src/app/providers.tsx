import { MantineProvider, Modal, mergeThemeOverrides } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { IntlProvider, ReactIntlErrorCode, useIntl } from 'react-intl';
import { create } from 'zustand';
import { NOTIFICATION_MS } from '@/lib/notify';
import { DEFAULT_LOCALE, messagesFor, useLocale } from '@/lib/locale-store';
import { colorSchemeManager, cssResolver, theme } from './theme';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

export function IntlFromStore({ children }: { children: ReactNode }) {
  const locale = useLocale((s) => s.locale);
  const catalogues = useLocale((s) => s.catalogues);
  return (
    <IntlProvider
      locale={locale}
      defaultLocale={DEFAULT_LOCALE}
      messages={messagesFor(catalogues, locale)}
      onError={(e) => {
        if (e.code !== ReactIntlErrorCode.MISSING_TRANSLATION) console.error(e);
      }}
    >
      {children}
    </IntlProvider>
  );
}

/** Set while a wall display (`?kiosk=1`) shows: the dark theme is forced, not saved. */
export const useKiosk = create<{ on: boolean; set: (on: boolean) => void }>((set) => ({ on: false, set: (on) => set({ on }) }));

export function Providers({ children, env }: { children: ReactNode; env?: 'test' }) {
  return (
    <IntlFromStore>
      <ThemedProviders env={env}>{children}</ThemedProviders>
    </IntlFromStore>
  );
}

/**
 * The theme in the reader's language: every dialog's close button is named ("Close"), so no
 * dialog can forget it (axe's button-name rule).
 */
function ThemedProviders({ children, env }: { children: ReactNode; env?: 'test' }) {
  const kiosk = useKiosk((s) => s.on);
  const intl = useIntl();
  const close = intl.formatMessage({ id: 'web.common.close' });
  const themed = useMemo(() => mergeThemeOverrides(theme, { components: { Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': close } } }) } }), [close]);
  return (
    <MantineProvider
      theme={themed}
      cssVariablesResolver={cssResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
      forceColorScheme={kiosk ? 'dark' : undefined}
      env={env}
    >
      <QueryClientProvider client={queryClient}>
        <Notifications position="top-center" autoClose={NOTIFICATION_MS} />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
