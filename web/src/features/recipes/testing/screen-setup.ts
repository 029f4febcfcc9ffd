/** What every recipe screen test shares: two cached lines, a signed-in user, clean up after. */
import { afterEach, beforeEach, vi } from 'vitest';
import { queryClient } from '@/app/providers';
import { useSession } from '@/lib/session-store';

export function signedIn(role = '_SUPER', privileges: string[] = []): void {
  beforeEach(() => {
    localStorage.setItem('lines', JSON.stringify([
      { _id: 'L1', name: 'Line 1', timezone: 'UTC' },
      { _id: 'L2', name: 'Line 2', timezone: 'UTC' },
    ]));
    useSession.setState({ role, privileges, token: null });
  });
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });
}
