/** Roles, privileges and the §6 route rule, shared by the route table, the guard and the menu. */
export const ROLES = ['_SUPER', 'ADMIN', 'PRIVILEGE'] as const;
export type Role = (typeof ROLES)[number];

export const PRIVILEGE_GROUPS = ['_LINE_', 'CONFIGURATOR_', 'RECIPE_', 'SCHEDULE_', 'REPORTS_'] as const;
export type PrivilegeGroup = (typeof PRIVILEGE_GROUPS)[number];
export const PRIVILEGE_ACTIONS = ['CREATE', 'READ', 'UPDATE', 'DELETE'] as const;

export const ALL_ROLES: readonly Role[] = ROLES;
export const ADMINS: readonly Role[] = ['_SUPER', 'ADMIN'];

/** Who may open a route: a role list and optionally privileges (names, or group prefixes ending in `_`). */
export interface AccessRule {
  roles: readonly Role[];
  privileges?: readonly string[];
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

function holds(held: readonly string[], wanted: string): boolean {
  return held.some((p) => (wanted.endsWith('_') ? p.startsWith(wanted) : p === wanted));
}

/**
 * The §6 route rule: a route with a privileges list needs at least one of them; otherwise the
 * role must be in the route's list. As on the server, privileges are what PRIVILEGE users hold;
 * `_SUPER` and `ADMIN` carry none and are judged by the role list.
 */
export function allows(rule: AccessRule, role: Role | null, privileges: readonly string[]): boolean {
  if (!role) return false;
  if (rule.privileges && rule.privileges.length > 0 && role === 'PRIVILEGE') {
    return rule.privileges.some((wanted) => holds(privileges, wanted));
  }
  return rule.roles.includes(role);
}

/** True when `privileges` holds any action of `group`. */
export function holdsGroup(privileges: readonly string[], group: PrivilegeGroup): boolean {
  return holds(privileges, group);
}
