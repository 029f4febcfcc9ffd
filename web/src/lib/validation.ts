/**
 * The §5 rule mechanism: a rule is (field, check, arguments, expected result, message id); the
 * first failing rule of a field wins. Same rule sets and message ids as the server
 * (model/src/validation.rs), so the texts come from one catalogue.
 */
export type Check = 'required' | 'email' | 'minLength' | 'alphanumeric' | 'strengthAbove' | 'equalsField';

export interface Rule {
  field: string;
  check: Check;
  args?: readonly (string | number)[];
  expected: boolean;
  message: string;
}

export type Values = Record<string, string>;
export type Errors = Record<string, string>;
/** Scores a password 0–4 (zxcvbn) given the form's values (the user's own words weaken it);
 * null while the scorer is still loading. */
export type Scorer = (password: string, values: Values) => number | null;

export const MIN_PASSWORD_LENGTH = 8;
export const SIGNUP_STRENGTH_ABOVE = 1;
export const RESET_STRENGTH_ABOVE = 2;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

const rule = (field: string, check: Check, message: string, args?: (string | number)[]): Rule => ({
  field,
  check,
  args,
  expected: true,
  message,
});

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

function run(r: Rule, values: Values, score: Scorer): boolean {
  const value = values[r.field] ?? '';
  const arg = r.args?.[0];
  switch (r.check) {
    case 'required':
      return value.trim() !== '';
    case 'email':
      return isEmail(value);
    case 'minLength':
      return [...value].length >= Number(arg);
    case 'alphanumeric':
      return /^[A-Za-z0-9]+$/.test(value);
    case 'strengthAbove': {
      const s = score(value, values);
      return s !== null && s > Number(arg);
    }
    case 'equalsField':
      return (values[String(arg)] ?? '') === value;
  }
}

/** Field → message id of its first failing rule; empty when everything passes. */
export function validate(rules: readonly Rule[], values: Values, score: Scorer = () => 4): Errors {
  const errors: Errors = {};
  for (const r of rules) {
    if (r.field in errors) continue;
    if (run(r, values, score) !== r.expected) errors[r.field] = r.message;
  }
  return errors;
}

/** An email that must be given and valid (login, forgot password, new user). */
const EMAIL_RULES: readonly Rule[] = [
  rule('email', 'required', 'validation.emailRequired'),
  rule('email', 'email', 'validation.emailInvalid'),
];

export const LOGIN_RULES: readonly Rule[] = [...EMAIL_RULES, rule('password', 'required', 'validation.passwordRequired')];

export const REGISTER_RULES: readonly Rule[] = [
  rule('username', 'required', 'validation.usernameRequired'),
  rule('username', 'alphanumeric', 'validation.usernameAlphanumeric'),
  rule('email', 'required', 'validation.notValidEmail'),
  rule('email', 'email', 'validation.notValidEmail'),
  rule('password', 'required', 'validation.passwordRequired'),
  rule('password', 'minLength', 'validation.passwordMinLength', [MIN_PASSWORD_LENGTH]),
  rule('password', 'strengthAbove', 'validation.passwordWeak', [SIGNUP_STRENGTH_ABOVE]),
];

export const FORGOT_PASSWORD_RULES: readonly Rule[] = EMAIL_RULES;

export const RESET_PASSWORD_RULES: readonly Rule[] = [
  rule('password', 'required', 'validation.passwordRequired'),
  rule('password', 'minLength', 'validation.passwordMinLength', [MIN_PASSWORD_LENGTH]),
  rule('password', 'strengthAbove', 'validation.passwordWeak', [RESET_STRENGTH_ABOVE]),
  rule('confirmPassword', 'required', 'validation.confirmRequired'),
  rule('confirmPassword', 'equalsField', 'validation.passwordsMismatch', ['password']),
];

/** On-premise reset (§5): the three fields filled, confirmation equal to the new password. */
export const ONPREMISE_RESET_RULES: readonly Rule[] = [
  rule('oldPassword', 'required', 'validation.passwordRequired'),
  rule('newPassword', 'required', 'validation.passwordRequired'),
  rule('confirmPassword', 'required', 'validation.confirmRequired'),
  rule('confirmPassword', 'equalsField', 'validation.passwordsMismatch', ['newPassword']),
];

/** Creating a user: email, and for on-premise users a username. */
export const USER_EMAIL_RULES: readonly Rule[] = [...EMAIL_RULES, rule('role', 'required', 'validation.required')];

export const USERNAME_RULES: readonly Rule[] = [
  rule('username', 'required', 'validation.usernameRequired'),
  rule('username', 'alphanumeric', 'validation.usernameAlphanumeric'),
];
