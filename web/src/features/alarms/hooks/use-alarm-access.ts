/** What the signed-in user may do with alarms, by the server's named rules (access.json). */
import { allows, RULES } from '@/lib/access';
import { useSession } from '@/lib/session-store';

export interface AlarmAccess {
  /** Any ALARM_ privilege: the console and the points' texts. */
  read: boolean;
  /** ALARM_UPDATE: acknowledge, shelve, unshelve, comment. */
  update: boolean;
}

export function useAlarmAccess(): AlarmAccess {
  const role = useSession((s) => s.role);
  const privileges = useSession((s) => s.privileges);
  return { read: allows(RULES.alarms, role, privileges), update: allows(RULES.alarmUpdate, role, privileges) };
}
