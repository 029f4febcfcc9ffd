/**
 * The live SPC violations of one line: topic `line:<id>:spc` of the live socket (its snapshot
 * the line's newest violations, newest first; each delta one new violation), folded by the
 * live store like the dashboard's and the diagnostics' topics.
 */
import { topics, type SpcViolation } from '@/lib/live/protocol';
import { useLive } from '@/lib/live/live-store';
import { useLiveSocket } from '@/lib/live/use-live-socket';

const NONE: SpcViolation[] = [];

/** The live violations of `lineId` (null: none asked) and whether the socket is open. */
export function useSpcLive(lineId: string | null): { violations: SpcViolation[]; online: boolean } {
  const { online } = useLiveSocket(lineId ? [topics.spc(lineId)] : []);
  const violations = useLive((s) => (lineId ? s.spc[lineId] : undefined)) ?? NONE;
  return { violations, online };
}
