/**
 * What every traceability screen test shares: two cached lines, a signed-in user, object URLs
 * and link clicks caught for the downloads, and clean-up afterwards.
 */
import { screensWithDownloads, type Saved } from '@/test/screen-setup';

export type { Saved };

const LINES = [
  { _id: 'L1', name: 'Line 1', timezone: 'UTC' },
  { _id: 'L2', name: 'Line 2', timezone: 'UTC' },
];

export const traceScreens = (role = '_SUPER', privileges: string[] = []): Saved => screensWithDownloads(LINES, role, privileges);
