/**
 * What every audit screen test shares: the cached lines (both in Amsterdam), a signed-in user,
 * object URLs and link clicks caught for the exports, and clean-up.
 */
import { screensWithDownloads, type Saved } from '@/test/screen-setup';
import { LINES } from './fixtures';

export type { Saved };

export const auditScreens = (role = 'PRIVILEGE', privileges: string[] = ['AUDIT_READ']): Saved => screensWithDownloads(LINES, role, privileges);
