import { describe, expect, it } from 'vitest';
import { may } from './permissions';

describe('what the api lets a user do with an entity', () => {
  it('lets configurator privileges act by their action', () => {
    expect(may('configurator', 'list', 'PRIVILEGE', ['_LINE_READ'])).toBe(true);
    expect(may('configurator', 'create', 'PRIVILEGE', ['CONFIGURATOR_READ'])).toBe(false);
    expect(may('configurator', 'create', 'PRIVILEGE', ['CONFIGURATOR_CREATE'])).toBe(true);
    expect(may('configurator', 'delete', 'ADMIN', [])).toBe(true);
  });

  it('keeps line creation and deletion to _SUPER or the _LINE_ privilege', () => {
    expect(may('lines', 'create', 'ADMIN', [])).toBe(false);
    expect(may('lines', 'create', '_SUPER', [])).toBe(true);
    expect(may('lines', 'update', 'ADMIN', [])).toBe(true);
    expect(may('lines', 'delete', 'PRIVILEGE', ['_LINE_DELETE'])).toBe(true);
  });

  it('follows §6 for stop time and the recipe rights for materials', () => {
    expect(may('stopTimeGroups', 'create', 'ADMIN', [])).toBe(false);
    expect(may('stopTimeGroups', 'update', 'PRIVILEGE', ['_LINE_UPDATE'])).toBe(true);
    expect(may('stopReasons', 'update', 'ADMIN', [])).toBe(false);
    expect(may('stopReasons', 'get', 'PRIVILEGE', [])).toBe(true);
    expect(may('recipes', 'update', 'PRIVILEGE', ['CONFIGURATOR_UPDATE'])).toBe(false);
    expect(may('recipes', 'update', 'PRIVILEGE', ['RECIPE_UPDATE'])).toBe(true);
    expect(may('admins', 'get', 'PRIVILEGE', ['CONFIGURATOR_READ'])).toBe(false);
    expect(may('admins', 'list', null, [])).toBe(false);
  });
});
