/**
 * Who may correct report data (a stop's reason): the contract's rule `reportsUpdate`, the one the
 * api guards `assignreason` with (`REPORTS_UPDATE`, or _SUPER/ADMIN).
 */
import { allows, RULES } from '@/lib/access';
import { useSession } from '@/lib/session-store';

/** True when the signed-in user may give stops their reasons. */
export function useCanUpdateReports(): boolean {
  const role = useSession((s) => s.role);
  const privileges = useSession((s) => s.privileges);
  return allows(RULES.reportsUpdate, role, privileges);
}
