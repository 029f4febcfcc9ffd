/**
 * A subscription's settings, shared by the "Deliver this" dialog and a subscription's screen:
 * its name; how often (at each shift's end, daily, weekly, monthly) and when — the time of day
 * in the zone the form names, the weekday, the day of the month; the file (PDF, Excel, CSV);
 * the recipients (email addresses, each added with Enter or a comma); and the language the
 * file and mail are written in. Every field is labelled and shows its error.
 */
import { Group, NumberInput, Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLanguageOptions } from '@/components/language-select';
import { Cadence, Format, Language } from '@/generated/enums';
import { isEmail } from '@/lib/validation';
import { useUserEmails } from '../api/subscriptions-api';
import { useMayListUsers } from '../hooks/use-report-access';
import { useSubscriptionText } from '../hooks/use-subscription-text';
import { isTimed, LAST_DAY_OF_MONTH, wholeTime, type SubscriptionField, type SubscriptionValues } from '../utils/subscription-form';

export interface SubscriptionFieldsProps {
  values: SubscriptionValues;
  errors: Partial<Record<SubscriptionField, string>>;
  onChange: <F extends SubscriptionField>(field: F, value: SubscriptionValues[F]) => void;
  /** The zone the time of day is meant in. */
  zone: string;
  /** The line whose shifts a shift-end cadence follows; null (every line): no delivery at shift ends. */
  lineName: string | null;
  disabled?: boolean;
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];

/** The hint under a field goes below its input, so the inputs of a row line up. */
const BELOW: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

export function SubscriptionFields({ values, errors, onChange, zone, lineName, disabled = false }: SubscriptionFieldsProps) {
  const text = useSubscriptionText(zone);
  const { t } = text;
  const intl = useIntl();
  // On the 24-hour clock whatever the browser's language (a time input would follow the browser's).
  const timeLetters = intl.formatMessage({ id: 'web.time.letters' }).split('|')[3];
  const languages = useLanguageOptions().filter((l) => (Language as readonly string[]).includes(l.value));
  const timed = isTimed(values.cadence);
  const cadences = Cadence.map((c) => ({ value: c, label: text.cadenceName(c), disabled: c === 'SHIFT_END' && lineName === null }));

  return (
    <Stack gap="md">
      <TextInput
        label={t('web.subscription.field.name')}
        value={values.name}
        onChange={(e) => onChange('name', e.currentTarget.value)}
        error={errors.name}
        required
        disabled={disabled}
        data-autofocus
        data-testid="subscription-name"
      />
      <Group align="flex-start" gap="md" wrap="wrap">
        <Select
          label={t('web.subscription.field.cadence')}
          data={cadences}
          value={values.cadence}
          onChange={(v) => v && onChange('cadence', v)}
          allowDeselect={false}
          error={errors.cadence}
          description={lineName === null ? t('web.subscription.shiftNeedsLine') : undefined}
          inputWrapperOrder={BELOW}
          required
          disabled={disabled}
          w={200}
          data-testid="subscription-cadence"
        />
        {values.cadence === 'WEEKLY' ? (
          <Select
            label={t('web.subscription.field.weekday')}
            data={WEEKDAYS.map((d) => ({ value: String(d), label: text.weekday(d) }))}
            value={String(values.weekday)}
            onChange={(v) => v && onChange('weekday', Number(v))}
            allowDeselect={false}
            error={errors.weekday}
            required
            disabled={disabled}
            w={160}
            data-testid="subscription-weekday"
          />
        ) : null}
        {values.cadence === 'MONTHLY' ? (
          <NumberInput
            label={t('web.subscription.field.dayOfMonth')}
            description={t('web.subscription.dayOfMonthHint', { max: LAST_DAY_OF_MONTH })}
            inputWrapperOrder={BELOW}
            value={values.dayOfMonth}
            onChange={(v) => onChange('dayOfMonth', typeof v === 'number' ? v : v === '' ? '' : Number(v))}
            min={1}
            max={LAST_DAY_OF_MONTH}
            allowDecimal={false}
            allowNegative={false}
            error={errors.dayOfMonth}
            required
            disabled={disabled}
            w={150}
            data-testid="subscription-day"
          />
        ) : null}
        {timed ? (
          <TextInput
            label={t('web.subscription.field.at')}
            description={t('web.subscription.timesIn', { zone })}
            descriptionProps={{ 'data-testid': 'subscription-zone' }}
            placeholder={timeLetters}
            value={values.at}
            onChange={(e) => onChange('at', e.currentTarget.value)}
            onBlur={() => {
              if (wholeTime(values.at) !== values.at) onChange('at', wholeTime(values.at));
            }}
            inputMode="numeric"
            autoComplete="off"
            error={errors.at}
            required
            disabled={disabled}
            w={150}
            inputWrapperOrder={BELOW}
            data-testid="subscription-at"
          />
        ) : null}
      </Group>
      {timed ? null : (
        <Text size="sm" c="dimmed" data-testid="subscription-zone">
          {t('web.subscription.atShiftEnds', { line: lineName ?? '—', zone })}
        </Text>
      )}
      <Group align="flex-start" gap="md" wrap="wrap">
        <Select
          label={t('web.subscription.field.format')}
          data={Format.map((f) => ({ value: f, label: text.format(f) }))}
          value={values.format}
          onChange={(v) => v && onChange('format', v)}
          allowDeselect={false}
          error={errors.format}
          required
          disabled={disabled}
          w={200}
          data-testid="subscription-format"
        />
        <Select
          label={t('web.subscription.field.language')}
          description={t('web.subscription.languageHint')}
          inputWrapperOrder={BELOW}
          data={languages}
          value={values.language}
          onChange={(v) => v && onChange('language', v)}
          allowDeselect={false}
          error={errors.language}
          required
          disabled={disabled}
          w={240}
          data-testid="subscription-language"
        />
      </Group>
      <RecipientsInput value={values.recipients} onChange={(r) => onChange('recipients', r)} error={errors.recipients} disabled={disabled} />
    </Stack>
  );
}

/** Keys that end an address being typed. */
const ENDS = [',', ';', 'Enter'];

/**
 * Email addresses as tags: one is added with Enter, a comma or a semicolon, or when the field is
 * left; text that is no address stays in the field and says so. Pasted lists split on
 * the same characters and on line breaks (what is no address among them is named and left out).
 * Whoever may list the users (administrators) is offered their addresses as they type.
 */
function RecipientsInput({ value, onChange, error, disabled }: { value: string[]; onChange: (value: string[]) => void; error?: string; disabled: boolean }) {
  const { t } = useSubscriptionText();
  const users = useUserEmails(useMayListUsers());
  const offered = users.data ?? [];
  const [typed, setTyped] = useState('');
  const [wrong, setWrong] = useState<string | null>(null);
  // Set when a refusal is said while Mantine adds what was typed: its emptying the field right after keeps the refusal.
  const keep = useRef(false);
  const refuse = (address: string) => setWrong(t('subscription.recipientInvalid', { address }));

  const take = (next: string[]) => {
    const added = next.filter((a) => !value.includes(a));
    const bad = added.filter((a) => !isEmail(a));
    setWrong(null);
    if (bad.length > 0) {
      refuse(bad.join(', '));
      keep.current = true;
    }
    onChange(next.filter((a) => value.includes(a) || isEmail(a)).map((a) => a.trim()));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const address = typed.trim();
    if (!ENDS.includes(e.key) || !address || isEmail(address)) return;
    // A user's address offered for what is typed: Enter picks it.
    if (e.key === 'Enter' && offered.some((o) => o.toLowerCase().includes(address.toLowerCase()))) return;
    // Not an address: it stays in the field, said wrong (Mantine adds nothing once prevented).
    e.preventDefault();
    refuse(address);
  };
  const onBlur = () => {
    const address = typed.trim();
    if (!address) return;
    if (!isEmail(address)) return refuse(address);
    if (!value.some((a) => a.toLowerCase() === address.toLowerCase())) onChange([...value, address]);
    setTyped('');
  };

  return (
    <TagsInput
      label={t('web.subscription.field.recipients')}
      description={t('web.subscription.recipientsHint')}
      inputWrapperOrder={BELOW}
      data={offered}
      value={value}
      onChange={take}
      searchValue={typed}
      onSearchChange={(v) => {
        setTyped(v);
        // Typing (or emptying the field) takes the refusal away.
        if (keep.current) keep.current = false;
        else setWrong(null);
      }}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      acceptValueOnBlur={false}
      splitChars={[',', ';', '\n']}
      error={wrong ?? error}
      required
      disabled={disabled}
      clearable
      clearButtonProps={{ 'aria-label': t('web.subscription.clearRecipients') }}
      inputMode="email"
      data-testid="subscription-recipients"
    />
  );
}
