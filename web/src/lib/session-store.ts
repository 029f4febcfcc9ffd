/** The session (§3, §4): the token and what the shell learns about the user, kept in local storage. */
import { create } from 'zustand';
import { isRole, type Role } from './access';
import { decodeToken, isTokenValid } from './jwt';
import { STORAGE } from './storage-keys';

interface SessionState {
  token: string | null;
  role: Role | null;
  privileges: string[];
  systemType: string | null;
  /** Where a signed-out visitor was going; sign-in returns there. In memory only. */
  returnTo: string | null;
  setToken: (token: string) => void;
  setRules: (role: string, privileges: string[]) => void;
  setSystemType: (systemType: string) => void;
  setReturnTo: (path: string | null) => void;
  /** Removes the token, systemType, role and privileges (§4). */
  clear: () => void;
}

function readPrivileges(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE.privileges) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

function readRole(): Role | null {
  const stored = localStorage.getItem(STORAGE.role);
  return isRole(stored) ? stored : null;
}

export const useSession = create<SessionState>((set) => ({
  token: localStorage.getItem(STORAGE.token),
  role: readRole(),
  privileges: readPrivileges(),
  systemType: localStorage.getItem(STORAGE.systemType),
  returnTo: null,
  setToken: (token) => {
    localStorage.setItem(STORAGE.token, token);
    const claims = decodeToken(token);
    const role = isRole(claims?.role) ? claims.role : null;
    const privileges = claims?.privileges ?? [];
    if (role) localStorage.setItem(STORAGE.role, role);
    localStorage.setItem(STORAGE.privileges, JSON.stringify(privileges));
    set({ token, role, privileges });
  },
  setRules: (role, privileges) => {
    const r = isRole(role) ? role : null;
    if (r) localStorage.setItem(STORAGE.role, r);
    localStorage.setItem(STORAGE.privileges, JSON.stringify(privileges));
    set({ role: r, privileges });
  },
  setSystemType: (systemType) => {
    localStorage.setItem(STORAGE.systemType, systemType);
    set({ systemType });
  },
  setReturnTo: (returnTo) => set({ returnTo }),
  clear: () => {
    for (const key of [STORAGE.token, STORAGE.systemType, STORAGE.role, STORAGE.privileges]) localStorage.removeItem(key);
    set({ token: null, role: null, privileges: [], systemType: null });
  },
}));

/** Logged in = a stored token that has not expired (checked now, in seconds). */
export function isLoggedIn(): boolean {
  const token = useSession.getState().token ?? localStorage.getItem(STORAGE.token);
  return isTokenValid(token);
}

export function userEmail(): string {
  return decodeToken(useSession.getState().token)?.userEmail ?? '';
}
