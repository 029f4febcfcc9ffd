/** What the signed-in user may do with production orders, by the server's named rules (access.json). */
import { allows, RULES } from '@/lib/access';
import { useSession } from '@/lib/session-store';

export interface ScheduleAccess {
  /** New orders and flushes. */
  create: boolean;
  /** Changes, status moves and the carry-over settings. */
  update: boolean;
  delete: boolean;
}

export function useScheduleAccess(): ScheduleAccess {
  const role = useSession((s) => s.role);
  const privileges = useSession((s) => s.privileges);
  return {
    create: allows(RULES.scheduleCreate, role, privileges),
    update: allows(RULES.scheduleUpdate, role, privileges),
    delete: allows(RULES.scheduleDelete, role, privileges),
  };
}
