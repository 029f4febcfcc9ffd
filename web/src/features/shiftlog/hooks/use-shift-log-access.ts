/** What the signed-in user may do with the shift log, by the server's named rules (access.json). */
import { allows, RULES } from '@/lib/access';
import { useSession } from '@/lib/session-store';

export interface ShiftLogAccess {
  /** Any SHIFTLOG_ privilege: the list, the entries and their PDF. */
  read: boolean;
  /** SHIFTLOG_UPDATE: writing an entry, its notes and open items, taking a handover. */
  update: boolean;
}

export function useShiftLogAccess(): ShiftLogAccess {
  const role = useSession((s) => s.role);
  const privileges = useSession((s) => s.privileges);
  return { read: allows(RULES.shiftLogs, role, privileges), update: allows(RULES.shiftLogUpdate, role, privileges) };
}
