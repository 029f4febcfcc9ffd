/** The five catalogues as the server serves them: locales/messages merged with locales/web. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientLocale } from '@/lib/locale-store';

export const LANGUAGES = ['en', 'de', 'nl', 'fr', 'es'] as const;
const root = join(__dirname, '..', '..', '..', 'locales');

const read = (folder: string, lang: string): Record<string, string> =>
  JSON.parse(readFileSync(join(root, folder, `${lang}.json`), 'utf8')) as Record<string, string>;

export function webCatalogue(lang: string): Record<string, string> {
  return read('web', lang);
}

export function catalogues(): ClientLocale[] {
  return LANGUAGES.map((lang) => ({ languageCode: lang, translations: { ...read('messages', lang), ...read('web', lang) } }));
}
