/**
 * A date and time typed in the user's language ("26.11.2026 14:00" in German) and meant in
 * plant time (`zone`, said under the field), whatever the browser's language and zone — the
 * browser's own date-time input follows neither. The text is taken as soon as it holds a whole
 * date and time (hours and minutes), else on Enter or when the field is left; text that is no
 * date says how to write one.
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { formatInputText, fromZoneInput, inputPattern, parseInputText, toZoneInput } from '@/lib/plant-time';

export interface PlantDateTimeInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type'> {
  /** An RFC 3339 instant; '' or null for none. */
  value: string | null | undefined;
  zone: string;
  /** The instant typed, or null when the field is emptied. */
  onChange: (iso: string | null) => void;
}

export function PlantDateTimeInput({ value, zone, onChange, error, onBlur, onKeyDown, ...props }: PlantDateTimeInputProps) {
  const intl = useIntl();
  const shown = formatInputText(toZoneInput(value, zone), intl.locale);
  // What is being typed (null: nothing since the value was last shown).
  const [draft, setDraft] = useState<string | null>(null);
  const [day, month, year, time] = intl.formatMessage({ id: 'web.time.letters' }).split('|');
  const pattern = inputPattern(intl.locale, { day, month, year, time });
  const wrong = draft !== null && draft.trim() !== '' && parseInputText(draft, intl.locale) === null;

  /** Takes `text` when it is a date; `done`: the typing is over (shown as the value again). */
  const commit = (text: string | null, done: boolean) => {
    if (text === null) return;
    if (text.trim() === '') {
      if (!done) return;
      setDraft(null);
      if (value) onChange(null);
      return;
    }
    const wall = parseInputText(text, intl.locale);
    const iso = wall ? fromZoneInput(wall, zone) : null;
    if (!iso) return;
    if (done) setDraft(null);
    if (iso !== value) onChange(iso);
  };

  return (
    <TextInput
      {...props}
      value={draft ?? shown}
      placeholder={pattern}
      description={intl.formatMessage({ id: 'web.time.inZone' }, { zone })}
      inputMode="numeric"
      autoComplete="off"
      error={wrong ? intl.formatMessage({ id: 'web.time.invalid' }, { pattern }) : error}
      onChange={(e) => {
        const text = e.currentTarget.value;
        setDraft(text);
        // A whole time typed (14:05): taken at once, as a native input would.
        if (/\d[:.]\d{2}$/.test(text.trim())) commit(text, false);
      }}
      onBlur={(e) => {
        commit(draft, true);
        onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit(draft, true);
        onKeyDown?.(e);
      }}
    />
  );
}
