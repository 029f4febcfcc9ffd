import { answer, apiClient } from '@/lib/api-client';
import { DEFAULT_LOCALE, useLocale } from '@/lib/locale-store';

/** Fetches the client translations and applies the saved locale (default en). */
export async function loadTranslations(): Promise<void> {
  const store = useLocale.getState();
  try {
    const env = await answer(apiClient.GET('/auth/translation/getclientlocale'));
    if (env.success && Array.isArray(env.data)) store.setCatalogues(env.data);
  } catch {
    // Offline or api down: the default messages (English) still render.
  }
  const { catalogues, locale } = useLocale.getState();
  const known = catalogues.length === 0 || catalogues.some((c) => c.languageCode === locale);
  store.setLocale(known ? locale : DEFAULT_LOCALE);
}

/**
 * Switches on the stylesheets index.html loads without blocking the first paint
 * (`data-deferred-style`, vite.config.ts) and resolves once each has loaded or failed; at once
 * when there are none (the dev server, tests).
 */
export function stylesheetsApplied(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>('link[data-deferred-style]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.media = 'all';
          if (link.sheet) return resolve();
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}
