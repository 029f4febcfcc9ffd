/**
 * The §5 rule mechanism: a rule is (field, check, arguments, expected result, message id); the
 * first failing rule of a field wins. The rule sets, limits and the email pattern are the
 * server's (model/src/validation.rs), read from src/generated/validation.json (`npm run
 * contract`); only running a check is written here.
 */
import VALIDATION from '@/generated/validation.json';

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

export const MIN_PASSWORD_LENGTH: number = VALIDATION.minPasswordLength;
export const SIGNUP_STRENGTH_ABOVE: number = VALIDATION.signupStrengthAbove;
export const RESET_STRENGTH_ABOVE: number = VALIDATION.resetStrengthAbove;

const EMAIL = new RegExp(VALIDATION.patterns.email);

/** A rule set of the contract, its check names held to `Check`. */
function ruleSet(rules: readonly { field: string; check: string; args: readonly (string | number)[]; expected: boolean; message: string }[]): readonly Rule[] {
  return rules.map((r) => {
    if (!CHECKS.includes(r.check as Check)) throw new Error(`validation.json names an unknown check ${r.check}`);
    return { ...r, check: r.check as Check };
  });
}

const CHECKS: readonly Check[] = ['required', 'email', 'minLength', 'alphanumeric', 'strengthAbove', 'equalsField'];

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

const SETS = VALIDATION.ruleSets;
export const LOGIN_RULES = ruleSet(SETS.login);
export const REGISTER_RULES = ruleSet(SETS.register);
export const FORGOT_PASSWORD_RULES = ruleSet(SETS.forgotPassword);
export const RESET_PASSWORD_RULES = ruleSet(SETS.resetPassword);
/** On-premise reset (§5): the three fields filled, confirmation equal to the new password. */
export const ONPREMISE_RESET_RULES = ruleSet(SETS.onPremiseReset);
/** Creating a user: a valid email and a role; on-premise users also a username. */
export const USER_EMAIL_RULES = ruleSet(SETS.userCreate);
export const USERNAME_RULES = ruleSet(SETS.username);
