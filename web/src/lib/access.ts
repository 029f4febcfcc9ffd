/**
 * Roles, privileges and the §6 access rules, as the server states them in its contract
 * (`src/generated/access.json`, written by `npm run contract` from model/src/access.rs): the
 * named rules (`RULES.configurator`), the UI sections, the live topics and the configuration
 * entities' rules. Only the evaluation `allows()` is written here; a unit test checks it against
 * the server's own verdict (`allows` of access.json) for every rule and identity.
 */
import ACCESS from '@/generated/access.json';

/** A role name as the server spells it (`ROLES`); the contract types roles as plain strings. */
export type Role = string;

/** Who may do something: a role list and privileges (names, or group prefixes ending in `_`). */
export interface AccessRule {
  roles: readonly Role[];
  privileges: readonly string[];
}

/** The server's roles, in its order. */
export const ROLES: readonly Role[] = ACCESS.roles;
/** Every privilege that exists, in group order (`_LINE_CREATE`, `_LINE_READ`, …). */
export const PRIVILEGES: readonly string[] = ACCESS.privileges;

/** A privilege is a group prefix ending in `_` followed by an action (`_LINE_` + `CREATE`). */
const groupOf = (privilege: string) => privilege.slice(0, privilege.lastIndexOf('_') + 1);
const actionOf = (privilege: string) => privilege.slice(privilege.lastIndexOf('_') + 1);
const distinct = (values: string[]) => [...new Set(values)];

/** The privilege groups, in the server's order (`_LINE_`, `CONFIGURATOR_`, …). */
export const PRIVILEGE_GROUPS: readonly string[] = distinct(PRIVILEGES.map(groupOf));
/** The actions every group has (`CREATE`, `READ`, `UPDATE`, `DELETE`). */
export const PRIVILEGE_ACTIONS: readonly string[] = distinct(PRIVILEGES.map(actionOf));

export type RuleName = keyof typeof ACCESS.rules;
/** The named rules the screens are guarded by, as the server guards its calls with them. */
export const RULES: Readonly<Record<RuleName, AccessRule>> = ACCESS.rules;

/** The rule of a name the contract uses (a UI section's or a topic's); throws on an unknown one. */
export function ruleNamed(name: string): AccessRule {
  if (!Object.hasOwn(RULES, name)) throw new Error(`access.json has no rule named ${name}`);
  return RULES[name as RuleName];
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && ROLES.includes(value);
}

/**
 * The §6 rule (model/src/access.rs `AccessRule::allows`): a rule with privileges lets a
 * PRIVILEGE user in when they hold at least one of them (a name ending in `_` is a group: any
 * of its actions); otherwise, and for `_SUPER` and `ADMIN`, who carry no privileges, the role
 * must be in the rule's list.
 */
export function allows(rule: AccessRule, role: Role | null, privileges: readonly string[]): boolean {
  if (!role) return false;
  if (rule.privileges.length === 0 || role !== 'PRIVILEGE') return rule.roles.includes(role);
  return rule.privileges.some((wanted) =>
    privileges.some((held) => (wanted.endsWith('_') ? held.startsWith(wanted) : held === wanted)),
  );
}

export type UiSection = keyof typeof ACCESS.uiSections;
/** The §6 UI section keys (`diagnostics`, `configUI`, …). */
export const UI_SECTIONS = Object.keys(ACCESS.uiSections) as UiSection[];

/** Whether a UI section shows for a role and its privileges (the rule access.json names for it). */
export function canSee(section: UiSection, role: Role | null, privileges: readonly string[]): boolean {
  return allows(ruleNamed(ACCESS.uiSections[section]), role, privileges);
}

/** Whether a user of `role` may grant `privilege`: only what the role may exercise itself (the
 * server's `grantable`, decision 96 — an ADMIN cannot hand out line creation or deletion). */
export function mayGrant(role: Role | null, privilege: string): boolean {
  const grantable: Readonly<Record<string, readonly string[]>> = ACCESS.grantable;
  return role !== null && (grantable[role]?.includes(privilege) ?? false);
}
