import { describe, expect, it } from 'vitest';
import { allows, type AccessRule } from './access';

describe('the route rule (§6)', () => {
  const admins: AccessRule = { roles: ['_SUPER', 'ADMIN'] };
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
