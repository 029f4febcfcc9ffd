import { describe, expect, it } from 'vitest';
import ACCESS from '@/generated/access.json';
import { allows, canSee, isRole, PRIVILEGE_ACTIONS, PRIVILEGE_GROUPS, PRIVILEGES, ROLES, RULES, ruleNamed, UI_SECTIONS, type AccessRule, type UiSection } from './access';

/** A rule of access.json with the server's verdict for every identity. */
interface Judged {
  roles: string[];
  privileges: string[];
  allows: Record<string, boolean>;
}

/** Every judged rule of access.json by where it stands: named rules, topics, entity operations. */
function judged(): Array<[string, Judged]> {
  const out: Array<[string, Judged]> = [];
  for (const [name, rule] of Object.entries(ACCESS.rules)) out.push([`rules.${name}`, rule]);
  for (const [topic, rule] of Object.entries(ACCESS.topics)) out.push([`topics.${topic}`, rule]);
  for (const [entity, ops] of Object.entries(ACCESS.entities)) {
    for (const [op, rule] of Object.entries(ops)) out.push([`entities.${entity}.${op}`, rule]);
  }
  return out;
}

describe('the §6 rule', () => {
  const admins: AccessRule = { roles: ['_SUPER', 'ADMIN'], privileges: [] };
  const lineCreate: AccessRule = { roles: ['_SUPER'], privileges: ['_LINE_CREATE'] };
  const recipes: AccessRule = { roles: ['_SUPER', 'ADMIN', 'PRIVILEGE'], privileges: ['RECIPE_'] };

  it('without privileges, checks the role list', () => {
    expect(allows(admins, '_SUPER', [])).toBe(true);
    expect(allows(admins, 'ADMIN', [])).toBe(true);
    expect(allows(admins, 'PRIVILEGE', ['_LINE_CREATE', 'RECIPE_READ'])).toBe(false);
  });
  it('with privileges, a PRIVILEGE user needs at least one of them', () => {
    expect(allows(lineCreate, 'PRIVILEGE', ['_LINE_CREATE'])).toBe(true);
    expect(allows(lineCreate, 'PRIVILEGE', ['_LINE_READ', '_LINE_UPDATE'])).toBe(false);
    expect(allows(lineCreate, 'PRIVILEGE', [])).toBe(false);
  });
  it('a group prefix matches any action of the group', () => {
    expect(allows(recipes, 'PRIVILEGE', ['RECIPE_DELETE'])).toBe(true);
    expect(allows(recipes, 'PRIVILEGE', ['SCHEDULE_READ'])).toBe(false);
  });
  it('super user and admin are judged by the role list even where privileges are listed', () => {
    expect(allows(lineCreate, '_SUPER', [])).toBe(true);
    expect(allows(lineCreate, 'ADMIN', [])).toBe(false);
    expect(allows(recipes, 'ADMIN', [])).toBe(true);
  });
  it('nobody without a role passes', () => {
    expect(allows(recipes, null, ['RECIPE_READ'])).toBe(false);
  });
});

describe('allows() agrees with the server (access.json)', () => {
  const rules = judged();

  it('has every identity judged on every rule, topic and entity operation', () => {
    const names = ACCESS.identities.map((i) => i.name).sort();
    expect(names.length).toBeGreaterThan(ROLES.length);
    expect(rules.length).toBeGreaterThan(0);
    for (const [where, rule] of rules) expect(Object.keys(rule.allows).sort(), where).toEqual(names);
  });

  it.each(rules)('%s', (_where, rule) => {
    for (const identity of ACCESS.identities) {
      expect(allows(rule, identity.role, identity.privileges), identity.name).toBe(rule.allows[identity.name]);
    }
  });
});

describe('roles, privileges and UI sections from access.json', () => {
  it('reads the roles and splits the privileges into groups and actions', () => {
    expect(ROLES).toEqual(ACCESS.roles);
    expect(PRIVILEGES).toEqual(ACCESS.privileges);
    // Every privilege is a group and an action; not every group has every action (alarms are
    // read and handled only).
    const all = PRIVILEGE_GROUPS.flatMap((g) => PRIVILEGE_ACTIONS.map((a) => `${g}${a}`));
    expect(all.filter((p) => PRIVILEGES.includes(p))).toEqual(PRIVILEGES);
    expect(PRIVILEGES).toContain('ALARM_UPDATE');
    expect(PRIVILEGES).not.toContain('ALARM_CREATE');
    expect(ROLES.every(isRole)).toBe(true);
    expect(isRole('GUEST')).toBe(false);
  });

  it('names every rule it uses', () => {
    expect(Object.keys(RULES).sort()).toEqual(Object.keys(ACCESS.rules).sort());
    expect(() => ruleNamed('nobody')).toThrow(/no rule named nobody/);
  });

  it.each(UI_SECTIONS)('canSee(%s) follows the rule access.json names for it, as the server judges it', (section: UiSection) => {
    const rule: Judged = ACCESS.rules[ACCESS.uiSections[section] as keyof typeof ACCESS.rules];
    for (const identity of ACCESS.identities) {
      expect(canSee(section, identity.role, identity.privileges), identity.name).toBe(rule.allows[identity.name]);
    }
    expect(canSee(section, null, [])).toBe(false);
  });
});
