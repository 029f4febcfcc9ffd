import { NativeSelect } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useLocale } from '@/lib/locale-store';

/** The languages the app is translated into, each named in itself ("Deutsch"), in the catalogues' order. */
export function useLanguageOptions(): { value: string; label: string }[] {
  const catalogues = useLocale((s) => s.catalogues);
  const data = catalogues.map((c) => ({ value: c.languageCode, label: c.translations['web.language.name'] ?? c.languageCode }));
  if (data.length === 0) data.push({ value: 'en', label: 'English' });
  return data;
}

/** The language dropdown (§2): applied at once and saved under `locale`. */
export function LanguageSelect() {
  const intl = useIntl();
  const locale = useLocale((s) => s.locale);
  const setLocale = useLocale((s) => s.setLocale);
  const data = useLanguageOptions();
  return (
    <NativeSelect
      aria-label={intl.formatMessage({ id: 'web.shell.language' })}
      data-testid="language-select"
      value={locale}
      onChange={(e) => setLocale(e.currentTarget.value)}
      data={data}
      size="xs"
      w={120}
    />
  );
}
