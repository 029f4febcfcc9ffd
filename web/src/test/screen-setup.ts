/** The set-up every configuration screen test shares: cached lines, a signed-in role, clean up. */
import { afterEach, beforeEach, vi } from 'vitest';
import { queryClient } from '@/app/providers';
import type { Role } from '@/lib/access';
import { useSession } from '@/lib/session-store';

/** Before each test: `lines` (ids L1, L2, …, named "Line n") cached and `role` signed in. */
export function signedInWithLines(count: number, role: Role = '_SUPER'): void {
  beforeEach(() => {
    const lines = Array.from({ length: count }, (_, i) => ({ _id: `L${i + 1}`, name: `Line ${i + 1}`, timezone: 'UTC' }));
    localStorage.setItem('lines', JSON.stringify(lines));
    useSession.setState({ role, privileges: [] });
  });
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
  });
}
