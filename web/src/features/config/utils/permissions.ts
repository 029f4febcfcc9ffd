/**
 * Who may do what with an entity, as the api decides it (its `access` rule per operation), so
 * the screens offer only the buttons that will work. The route guards stay the §6 rules.
 */
import { ADMINS, ALL_ROLES, allows, type AccessRule, type Role } from '@/lib/access';
import type { Access } from '../api/config-types';

export type Op = 'list' | 'get' | 'create' | 'update' | 'delete';

const SUPER: readonly Role[] = ['_SUPER'];
const p = (roles: readonly Role[], privileges: string[]): AccessRule => ({ roles, privileges });
const ACTION: Record<Exclude<Op, 'list' | 'get'>, string> = { create: 'CREATE', update: 'UPDATE', delete: 'DELETE' };

function ruleFor(access: Access, op: Op): AccessRule {
  const reading = op === 'list' || op === 'get';
  switch (access) {
    case 'lines':
      if (reading) return { roles: ALL_ROLES };
      return p(op === 'update' ? ALL_ROLES : SUPER, [`_LINE_${ACTION[op]}`]);
    case 'configurator':
      return reading ? p(ALL_ROLES, ['_LINE_', 'CONFIGURATOR_']) : p(ALL_ROLES, [`CONFIGURATOR_${ACTION[op]}`]);
    case 'recipes':
      return reading ? p(ALL_ROLES, ['_LINE_', 'CONFIGURATOR_', 'RECIPE_']) : p(ALL_ROLES, [`RECIPE_${ACTION[op]}`]);
    case 'admins':
      return { roles: ADMINS };
    case 'stopTimeGroups':
      if (op === 'list') return { roles: ADMINS };
      if (op === 'get' || op === 'update') return p(ALL_ROLES, ['_LINE_UPDATE']);
      return p(SUPER, [`_LINE_${ACTION[op]}`]);
    case 'stopReasons':
      return reading ? { roles: ALL_ROLES } : { roles: SUPER };
  }
}

export function may(access: Access, op: Op, role: Role | null, privileges: readonly string[]): boolean {
  return allows(ruleFor(access, op), role, privileges);
}

/** Bin assignment changes bins for recipes: configurator or recipe update rights (decision 22). */
export const BIN_ASSIGNMENT: AccessRule = p(ALL_ROLES, ['CONFIGURATOR_UPDATE', 'RECIPE_UPDATE']);
