/**
 * Who may correct report data (a stop's reason): the contract's rule `reportsUpdate`, the one the
 * api guards `assignreason` with (`REPORTS_UPDATE`, or _SUPER/ADMIN); who may save a report as a
 * scheduled delivery (`reports`), and who may change one (its owner or an administrator, as the
 * api decides it).
 */
import { allows, RULES, type AccessRule } from '@/lib/access';
import { decodeToken } from '@/lib/jwt';
import { useSession } from '@/lib/session-store';

function useAllowed(rule: AccessRule): boolean {
  const role = useSession((s) => s.role);
  const privileges = useSession((s) => s.privileges);
  return allows(rule, role, privileges);
}

/** True when the signed-in user may give stops their reasons. */
export function useCanUpdateReports(): boolean {
  return useAllowed(RULES.reportsUpdate);
}

/** True when the signed-in user may read reports, and so save one as a scheduled delivery (`reports`). */
export function useCanDeliverReports(): boolean {
  return useAllowed(RULES.reports);
}

/** True when the signed-in user may change or delete a subscription of `owner`: its owner, or an administrator. */
export function useMayChangeSubscription(owner: string): boolean {
  const role = useSession((s) => s.role);
  const me = decodeToken(useSession((s) => s.token))?.userEmail ?? '';
  return role !== 'PRIVILEGE' || (me !== '' && me.toLowerCase() === owner.toLowerCase());
}

/** True when the signed-in user may list the users (administrators): recipients are offered from them. */
export function useMayListUsers(): boolean {
  return useAllowed(RULES.admins);
}
