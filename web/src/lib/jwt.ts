/** Reads the claims of the stored token (no signature check: the server does that). */
import type { components } from '@/generated/api';

/** The claims as the server signs them (session/src/jwt.rs), each read defensively. */
export type TokenClaims = Partial<components['schemas']['SessionClaims']>;

export function decodeToken(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = decodeURIComponent(
      Array.from(atob(base64), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === 'object' ? claims : null;
  } catch {
    return null;
  }
}

/** §4/§9: a token is valid while its expiry (seconds) lies after the current time in seconds. */
export function isTokenValid(token: string | null | undefined, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const exp = decodeToken(token)?.exp;
  return typeof exp === 'number' && exp > nowSeconds;
}
