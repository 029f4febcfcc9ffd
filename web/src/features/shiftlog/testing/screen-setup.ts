/**
 * What every shift log screen test shares: the cached lines (Line 1 in Amsterdam, Line 2 in
 * UTC), a signed-in user, object URLs and link clicks caught for the PDF, and clean-up.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { queryClient } from '@/app/providers';
import { useSession } from '@/lib/session-store';
import { LINES } from './fixtures';

export interface Saved {
  files: { name: string; blob: Blob }[];
}

export function shiftLogScreens(role = '_SUPER', privileges: string[] = []): Saved {
  const saved: Saved = { files: [] };
  beforeEach(() => {
    localStorage.setItem('lines', JSON.stringify(LINES));
    useSession.setState({ role, privileges, token: null });
    const blobs = new Map<string, Blob>();
    let n = 0;
    Object.assign(URL, {
      createObjectURL: (b: Blob) => {
        n += 1;
        blobs.set(`blob:${n}`, b);
        return `blob:${n}`;
      },
      revokeObjectURL: () => {},
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.download) saved.files.push({ name: this.download, blob: blobs.get(this.href) ?? new Blob() });
    });
    saved.files = [];
  });
  afterEach(() => {
    queryClient.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  return saved;
}
