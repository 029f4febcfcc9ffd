/**
 * The state of a subscription's settings form, as the "Deliver this" dialog and a
 * subscription's screen keep it: the values; each field's error (the form's own checks before
 * sending, then the server's), taken away as the field changes; and what the server refused
 * that is no field of the form (the report, its filters, its layout, a 403), said above the
 * buttons.
 */
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { checkValues, splitErrors, type SubscriptionField, type SubscriptionValues } from '../utils/subscription-form';
import { useSubscriptionText } from './use-subscription-text';

export type FieldErrors = Partial<Record<SubscriptionField, string>>;

export function useSubscriptionForm(initial: () => SubscriptionValues) {
  const { t } = useSubscriptionText();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string[]>([]);

  return {
    values,
    errors,
    /** The server's sentences that name no field of the form. */
    problem,
    change: <F extends SubscriptionField>(field: F, value: SubscriptionValues[F]) => {
      setValues((v) => ({ ...v, [field]: value }));
      setErrors((e) => ({ ...e, [field]: undefined }));
    },
    /** Checks the values before they are sent: false, with each error on its field, when one is wrong. */
    ready: (): boolean => {
      setProblem([]);
      const found = Object.entries(checkValues(values)).map(([field, m]) => [field, t(m.id, m.values)]);
      setErrors(Object.fromEntries(found) as FieldErrors);
      return found.length === 0;
    },
    /** Shows a refusal: the server's field errors on their fields, the rest (or its message) above the buttons. */
    refused: (err: unknown) => {
      if (err instanceof ApiError && err.status === 401) return; // signed out already
      const split = splitErrors(err instanceof ApiError ? err.body?.errors : null);
      setErrors(split.fields);
      if (split.other.length > 0) setProblem(split.other);
      else if (Object.keys(split.fields).length === 0) setProblem([(err instanceof ApiError ? err.firstError() : undefined) ?? t('server.error')]);
    },
    /** Starts again from `next` (the subscription as saved now). */
    reset: (next: SubscriptionValues) => {
      setValues(next);
      setErrors({});
      setProblem([]);
    },
  };
}
