import { useState, type ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import { validate, type Rule, type Scorer } from './validation';

/**
 * Form state checked by a rule set: errors show once a field was touched; `valid` drives the
 * submit button (§5: submit disabled while invalid).
 */
export function useRuleForm<F extends string>(rules: readonly Rule[], initial: Record<F, string>, score?: Scorer) {
  const intl = useIntl();
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const errors = validate(rules, values, score);
  const valid = Object.keys(errors).length === 0;

  const set = (name: F, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setTouched((t) => ({ ...t, [name]: true }));
  };
  const errorOf = (name: F): string | undefined =>
    touched[name] && errors[name] ? intl.formatMessage({ id: errors[name] }) : undefined;
  const field = (name: F) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(name, e.currentTarget.value),
    onBlur: () => setTouched((t) => ({ ...t, [name]: true })),
    error: errorOf(name),
  });
  return { values, set, setValues, errors, valid, field, errorOf };
}
