/**
 * Who may correct report data (a stop's reason): the rule the api guards `assignreason` with,
 * `REPORTS_UPDATE`. The server's contract (access.json) names no rule for it yet — model's
 * `NAMED_RULES` leaves `AccessRule::REPORTS_UPDATE` out — so until it does, the privilege is
 * checked here directly, for every role as the server lists them; a rule named `reportsUpdate`
 * in the contract takes over by itself.
 */
import { allows, ROLES, RULES, type AccessRule, type RuleName } from '@/lib/access';
import { useSession } from '@/lib/session-store';

const NAME = 'reportsUpdate';

export const REPORTS_UPDATE: AccessRule = Object.hasOwn(RULES, NAME) ? RULES[NAME as RuleName] : { roles: ROLES, privileges: ['REPORTS_UPDATE'] };

/** True when the signed-in user may give stops their reasons. */
export function useCanUpdateReports(): boolean {
  const role = useSession((s) => s.role);
  const privileges = useSession((s) => s.privileges);
  return allows(REPORTS_UPDATE, role, privileges);
}
