import zxcvbn from 'zxcvbn';
import { describe, expect, it } from 'vitest';
import {
  FORGOT_PASSWORD_RULES,
  LOGIN_RULES,
  ONPREMISE_RESET_RULES,
  REGISTER_RULES,
  RESET_PASSWORD_RULES,
  validate,
  type Rule,
} from './validation';

const real = (pw: string) => zxcvbn(pw).score;
const fixed = (n: number) => () => n;
const STRONG = 'correct-horse-battery-staple-42';

describe('the rule mechanism', () => {
  it('gives only the first failing rule of each field', () => {
    const rules: Rule[] = [
      { field: 'a', check: 'required', expected: true, message: 'first' },
      { field: 'a', check: 'minLength', args: [3], expected: true, message: 'second' },
    ];
    expect(validate(rules, { a: '' })).toEqual({ a: 'first' });
    expect(validate(rules, { a: 'xy' })).toEqual({ a: 'second' });
    expect(validate(rules, { a: 'xyz' })).toEqual({});
  });

  it('honours the expected result of a check', () => {
    const rules: Rule[] = [{ field: 'a', check: 'email', expected: false, message: 'no emails here' }];
    expect(validate(rules, { a: 'x@y.com' })).toEqual({ a: 'no emails here' });
    expect(validate(rules, { a: 'plain' })).toEqual({});
  });

  it('treats a scorer that is still loading as failing the strength rule', () => {
    const rules: Rule[] = [{ field: 'p', check: 'strengthAbove', args: [1], expected: true, message: 'weak' }];
    expect(validate(rules, { p: STRONG }, () => null)).toEqual({ p: 'weak' });
  });
});

describe('login rules (§5)', () => {
  it('requires an email address', () => {
    expect(validate(LOGIN_RULES, { email: '', password: 'x' }).email).toBe('validation.emailRequired');
    expect(validate(LOGIN_RULES, { email: '   ', password: 'x' }).email).toBe('validation.emailRequired');
  });
  it('requires a valid email address', () => {
    for (const bad of ['anna', 'anna@', 'anna@mill', 'an na@mill.com', '@mill.com']) {
      expect(validate(LOGIN_RULES, { email: bad, password: 'x' }).email).toBe('validation.emailInvalid');
    }
  });
  it('requires a password', () => {
    expect(validate(LOGIN_RULES, { email: 'anna@mill.com', password: '' })).toEqual({ password: 'validation.passwordRequired' });
  });
  it('passes a filled form', () => {
    expect(validate(LOGIN_RULES, { email: 'anna@mill.com', password: 'x' })).toEqual({});
  });
});

describe('register rules (§5)', () => {
  const ok = { username: 'anna1', email: 'anna@mill.com', password: STRONG };
  it('requires a username', () => {
    expect(validate(REGISTER_RULES, { ...ok, username: '' }, real).username).toBe('validation.usernameRequired');
  });
  it('allows letters and digits only in the username', () => {
    for (const bad of ['anna_1', 'anna 1', 'änna', 'anna-1']) {
      expect(validate(REGISTER_RULES, { ...ok, username: bad }, real).username).toBe('validation.usernameAlphanumeric');
    }
    expect(validate(REGISTER_RULES, { ...ok, username: 'AZaz09' }, real).username).toBeUndefined();
  });
  it('requires a valid email with one message', () => {
    expect(validate(REGISTER_RULES, { ...ok, email: '' }, real).email).toBe('validation.notValidEmail');
    expect(validate(REGISTER_RULES, { ...ok, email: 'nope' }, real).email).toBe('validation.notValidEmail');
  });
  it('requires a password of at least 8 characters', () => {
    expect(validate(REGISTER_RULES, { ...ok, password: '' }, real).password).toBe('validation.passwordRequired');
    expect(validate(REGISTER_RULES, { ...ok, password: 'Xy7!pq' }, real).password).toBe('validation.passwordMinLength');
  });
  it('requires a strength score above 1', () => {
    expect(validate(REGISTER_RULES, { ...ok, password: 'password' }, real).password).toBe('validation.passwordWeak');
    expect(validate(REGISTER_RULES, { ...ok, password: 'abcdefgh' }, fixed(1)).password).toBe('validation.passwordWeak');
    expect(validate(REGISTER_RULES, { ...ok, password: 'abcdefgh' }, fixed(2)).password).toBeUndefined();
  });
  it('passes a good form', () => {
    expect(validate(REGISTER_RULES, ok, real)).toEqual({});
  });
});

describe('forgot password rules (§5)', () => {
  it('requires a valid email', () => {
    expect(validate(FORGOT_PASSWORD_RULES, { email: '' }).email).toBe('validation.emailRequired');
    expect(validate(FORGOT_PASSWORD_RULES, { email: 'x@' }).email).toBe('validation.emailInvalid');
    expect(validate(FORGOT_PASSWORD_RULES, { email: 'x@mill.com' })).toEqual({});
  });
});

describe('reset password rules (§5)', () => {
  const ok = { password: STRONG, confirmPassword: STRONG };
  it('requires a password of at least 8 characters', () => {
    expect(validate(RESET_PASSWORD_RULES, { ...ok, password: '' }, real).password).toBe('validation.passwordRequired');
    expect(validate(RESET_PASSWORD_RULES, { ...ok, password: 'Ab1!' }, real).password).toBe('validation.passwordMinLength');
  });
  it('requires a strength score above 2', () => {
    expect(validate(RESET_PASSWORD_RULES, ok, fixed(2)).password).toBe('validation.passwordWeak');
    expect(validate(RESET_PASSWORD_RULES, ok, fixed(3)).password).toBeUndefined();
  });
  it('requires the confirmation, equal to the password', () => {
    expect(validate(RESET_PASSWORD_RULES, { ...ok, confirmPassword: '' }, real).confirmPassword).toBe('validation.confirmRequired');
    expect(validate(RESET_PASSWORD_RULES, { ...ok, confirmPassword: `${STRONG}x` }, real).confirmPassword).toBe(
      'validation.passwordsMismatch',
    );
    expect(validate(RESET_PASSWORD_RULES, ok, real)).toEqual({});
  });
});

describe('on-premise reset rules (§5)', () => {
  const ok = { oldPassword: 'Temp0rary!', newPassword: 'x', confirmPassword: 'x' };
  it('needs old, new and confirm filled', () => {
    expect(validate(ONPREMISE_RESET_RULES, { ...ok, oldPassword: '' }).oldPassword).toBe('validation.passwordRequired');
    expect(validate(ONPREMISE_RESET_RULES, { ...ok, newPassword: '', confirmPassword: '' }).newPassword).toBe(
      'validation.passwordRequired',
    );
    expect(validate(ONPREMISE_RESET_RULES, { ...ok, confirmPassword: '' }).confirmPassword).toBe('validation.confirmRequired');
  });
  it('marks a confirmation different from the new password', () => {
    expect(validate(ONPREMISE_RESET_RULES, { ...ok, confirmPassword: 'y' }).confirmPassword).toBe('validation.passwordsMismatch');
  });
  it('enforces nothing else (a short new password passes here)', () => {
    expect(validate(ONPREMISE_RESET_RULES, ok, fixed(0))).toEqual({});
  });
});
