import { describe, expect, it } from 'vitest';
import { decodeToken, isTokenValid } from './jwt';

const b64 = (o: object) => Buffer.from(JSON.stringify(o), 'utf8').toString('base64url');
const token = (claims: object) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;

describe('token expiry (§4, §9)', () => {
  it('compares the expiry with the current time in seconds', () => {
    const t = token({ exp: 1_000 });
    expect(isTokenValid(t, 999)).toBe(true);
    expect(isTokenValid(t, 1_000)).toBe(false);
    expect(isTokenValid(t, 1_001)).toBe(false);
  });
  it('rejects missing or malformed tokens', () => {
    expect(isTokenValid(null)).toBe(false);
    expect(isTokenValid('garbage')).toBe(false);
    expect(isTokenValid(token({ userEmail: 'a@b.co' }))).toBe(false);
  });
  it('reads the profile claims', () => {
    expect(decodeToken(token({ userEmail: 'zoë@mill.com', role: 'ADMIN', privileges: [] }))).toMatchObject({
      userEmail: 'zoë@mill.com',
      role: 'ADMIN',
    });
  });
});
