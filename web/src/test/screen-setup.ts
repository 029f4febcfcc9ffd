/**
 * The set-ups screen tests share: cached lines, a signed-in role, clean up; and for screens that
 * download files, object URLs and link clicks caught (the files saved are kept to look at).
 */
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

export interface Saved {
  files: { name: string; blob: Blob }[];
}

/**
 * Before each test: `lines` cached, `role` with `privileges` signed in, object URLs and link
 * clicks caught so every file a screen offers lands in the answer's `files`; after each, all
 * of it undone.
 */
export function screensWithDownloads(lines: readonly { _id: string; name: string; timezone: string }[], role: Role, privileges: string[] = []): Saved {
  const saved: Saved = { files: [] };
  beforeEach(() => {
    localStorage.setItem('lines', JSON.stringify(lines));
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
