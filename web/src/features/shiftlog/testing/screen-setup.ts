/**
 * What every shift log screen test shares: the cached lines (Line 1 in Amsterdam, Line 2 in
 * UTC), a signed-in user, object URLs and link clicks caught for the PDF, and clean-up.
 */
import { screensWithDownloads, type Saved } from '@/test/screen-setup';
import { LINES } from './fixtures';

export type { Saved };

export const shiftLogScreens = (role = '_SUPER', privileges: string[] = []): Saved => screensWithDownloads(LINES, role, privileges);
