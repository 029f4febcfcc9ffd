import { describe, expect, it } from 'vitest';
import ACCESS from '@/generated/access.json';
import { entityRule, may, type Op } from './permissions';

describe('what the api lets a user do with an entity', () => {
  it('lets configurator privileges act by their action', () => {
    expect(may('scales', 'list', 'PRIVILEGE', ['_LINE_READ'])).toBe(true);
    expect(may('scales', 'create', 'PRIVILEGE', ['CONFIGURATOR_READ'])).toBe(false);
    expect(may('scales', 'create', 'PRIVILEGE', ['CONFIGURATOR_CREATE'])).toBe(true);
    expect(may('scales', 'delete', 'ADMIN', [])).toBe(true);
  });

  it('keeps line creation and deletion to _SUPER or the _LINE_ privilege', () => {
    expect(may('lines', 'create', 'ADMIN', [])).toBe(false);
    expect(may('lines', 'create', '_SUPER', [])).toBe(true);
    expect(may('lines', 'update', 'ADMIN', [])).toBe(true);
    expect(may('lines', 'delete', 'PRIVILEGE', ['_LINE_DELETE'])).toBe(true);
  });

  it('follows §6 for stop time and the recipe rights for materials', () => {
    expect(may('stoptimereasongroup', 'create', 'ADMIN', [])).toBe(false);
    expect(may('stoptimereasongroup', 'update', 'PRIVILEGE', ['_LINE_UPDATE'])).toBe(true);
    expect(may('stopreasons', 'update', 'ADMIN', [])).toBe(false);
    expect(may('stopreasons', 'get', 'PRIVILEGE', [])).toBe(true);
    expect(may('materialdirectory', 'update', 'PRIVILEGE', ['CONFIGURATOR_UPDATE'])).toBe(false);
    expect(may('materialdirectory', 'update', 'PRIVILEGE', ['RECIPE_UPDATE'])).toBe(true);
    expect(may('irams', 'get', 'PRIVILEGE', ['CONFIGURATOR_READ'])).toBe(false);
    expect(may('irams', 'list', null, [])).toBe(false);
  });

  it('reads the rule of every entity and operation from access.json, and refuses an unknown entity', () => {
    for (const [entity, ops] of Object.entries(ACCESS.entities)) {
      for (const [op, rule] of Object.entries(ops)) {
        expect(entityRule(entity, op as Op), `${entity}.${op}`).toBe(rule);
        for (const identity of ACCESS.identities) {
          expect(may(entity, op as Op, identity.role, identity.privileges), `${entity}.${op} ${identity.name}`).toBe(
            (rule.allows as Record<string, boolean>)[identity.name],
          );
        }
      }
    }
    expect(entityRule('nothing', 'list')).toBeUndefined();
    expect(may('nothing', 'list', '_SUPER', [])).toBe(false);
  });
});
