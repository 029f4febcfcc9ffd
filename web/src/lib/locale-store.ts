/** The client translations (served by the api) and the chosen locale, saved under `locale`. */
import { create } from 'zustand';
import type { components } from '@/generated/api';
import { STORAGE } from './storage-keys';

export const DEFAULT_LOCALE = 'en';

/** One language's catalogue as `/auth/translation/getclientlocale` serves it. */
export type ClientLocale = components['schemas']['ClientLocale'];

interface LocaleState {
  locale: string;
  catalogues: ClientLocale[];
  setCatalogues: (catalogues: ClientLocale[]) => void;
  setLocale: (locale: string) => void;
}

export const useLocale = create<LocaleState>((set) => ({
  locale: localStorage.getItem(STORAGE.locale) || DEFAULT_LOCALE,
  catalogues: [],
  setCatalogues: (catalogues) => set({ catalogues }),
  setLocale: (locale) => {
    localStorage.setItem(STORAGE.locale, locale);
    document.documentElement.lang = locale;
    set({ locale });
  },
}));

export function messagesFor(catalogues: ClientLocale[], locale: string): Record<string, string> {
  const english = catalogues.find((c) => c.languageCode === DEFAULT_LOCALE)?.translations ?? {};
  const chosen = catalogues.find((c) => c.languageCode === locale)?.translations ?? {};
  return { ...english, ...chosen };
}

/** The current locale for the `Accept-language` header. */
export function currentLocale(): string {
  return useLocale.getState().locale || DEFAULT_LOCALE;
}
