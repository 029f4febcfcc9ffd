/**
 * A subscription's settings as the form holds them (the "Deliver this" dialog and a
 * subscription's screen share them), what the form sends, what it checks before sending, and
 * which of the server's field errors belong on a field of the form (the others — the report,
 * its filters, its layout — are said above the buttons).
 */
import type { Cadence, Format } from '@/generated/enums';
import { isEmail } from '@/lib/validation';
import type { Subscription, SubscriptionInput } from '../api/subscription-types';

export interface SubscriptionValues {
  name: string;
  cadence: Cadence;
  /** `HH:MM` in the zone (daily, weekly, monthly). */
  at: string;
  /** 1 (Monday) to 7 (Sunday), weekly. */
  weekday: number;
  /** 1 to 28, monthly ('' while the field is empty). */
  dayOfMonth: number | '';
  format: Format;
  recipients: string[];
  language: string;
}

export type SubscriptionField = keyof SubscriptionValues;

/** The fields the form shows: a server error naming one of them shows on it. */
export const FORM_FIELDS: readonly SubscriptionField[] = ['name', 'cadence', 'at', 'weekday', 'dayOfMonth', 'format', 'recipients', 'language'];

/** The cadences delivered at a time of day. */
export const isTimed = (cadence: Cadence): boolean => cadence !== 'SHIFT_END';

/** Days a monthly delivery can fall on (every month has them). */
export const LAST_DAY_OF_MONTH = 28;

/** A time typed short (`6:00`, `6.00`) as the api takes it (`06:00`); anything else as typed. */
export function wholeTime(text: string): string {
  const m = /^(\d{1,2})[:.](\d{2})$/.exec(text.trim());
  return m ? `${m[1].padStart(2, '0')}:${m[2]}` : text.trim();
}

/** A new subscription's settings: named as the report, daily at 06:00 as PDF, in `language`. */
export function newValues(name: string, language: string): SubscriptionValues {
  return { name, cadence: 'DAILY', at: '06:00', weekday: 1, dayOfMonth: 1, format: 'PDF', recipients: [], language };
}

/** A saved subscription's settings. */
export function valuesOf(s: Subscription): SubscriptionValues {
  return {
    name: s.name,
    cadence: s.cadence,
    at: s.at ?? '06:00',
    weekday: s.weekday ?? 1,
    dayOfMonth: s.dayOfMonth ?? 1,
    format: s.format,
    recipients: [...s.recipients],
    language: s.language,
  };
}

/** The settings as the api takes them: the time, weekday and day only where the cadence uses them. */
export function settingsInput(v: SubscriptionValues): Pick<SubscriptionInput, 'name' | 'cadence' | 'at' | 'weekday' | 'dayOfMonth' | 'format' | 'recipients' | 'language'> {
  return {
    name: v.name.trim(),
    cadence: v.cadence,
    at: isTimed(v.cadence) ? wholeTime(v.at) : null,
    weekday: v.cadence === 'WEEKLY' ? v.weekday : null,
    dayOfMonth: v.cadence === 'MONTHLY' && v.dayOfMonth !== '' ? v.dayOfMonth : null,
    format: v.format,
    recipients: v.recipients,
    language: v.language,
  };
}

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * What the form says before sending (message ids with their values, by field): a name, a time
 * of day for a timed cadence, a day of the month from 1 to 28, and one recipient at least, each
 * an email address. The server checks all of it again.
 */
export function checkValues(v: SubscriptionValues): Partial<Record<SubscriptionField, { id: string; values?: Record<string, string | number> }>> {
  const out: ReturnType<typeof checkValues> = {};
  if (!v.name.trim()) out.name = { id: 'validation.required' };
  if (isTimed(v.cadence) && !HH_MM.test(wholeTime(v.at))) out.at = { id: v.at ? 'validation.time' : 'validation.required' };
  if (v.cadence === 'MONTHLY' && (v.dayOfMonth === '' || v.dayOfMonth < 1 || v.dayOfMonth > LAST_DAY_OF_MONTH)) out.dayOfMonth = { id: 'validation.numberRange', values: { min: 1, max: LAST_DAY_OF_MONTH } };
  const wrong = v.recipients.find((r) => !isEmail(r));
  if (wrong) out.recipients = { id: 'subscription.recipientInvalid', values: { address: wrong } };
  else if (v.recipients.length === 0) out.recipients = { id: 'validation.required' };
  return out;
}

/** The server's field errors split: those of the form's fields, and the others' messages. */
export function splitErrors(errors: Record<string, string> | null | undefined): { fields: Partial<Record<SubscriptionField, string>>; other: string[] } {
  const fields: Partial<Record<SubscriptionField, string>> = {};
  const other: string[] = [];
  for (const [key, message] of Object.entries(errors ?? {})) {
    if ((FORM_FIELDS as readonly string[]).includes(key)) fields[key as SubscriptionField] = message;
    else other.push(message);
  }
  return { fields, other };
}
