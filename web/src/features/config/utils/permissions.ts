/**
 * Who may do what with a configuration entity, as the api decides it: the server's rule of
 * each entity and operation (`entities[key][op]` of src/generated/access.json), so the screens
 * offer only the buttons that will work. The route guards stay the §6 rules.
 */
import ACCESS from '@/generated/access.json';
import { allows, RULES, type AccessRule, type Role } from '@/lib/access';

type Entities = typeof ACCESS.entities;
/** The configuration entities access.json has rules for (the descriptors' keys). */
export type EntityKey = keyof Entities;
/** The operations of the configuration pattern. */
export type Op = keyof Entities[EntityKey];

const ENTITIES: Readonly<Record<string, Readonly<Record<Op, AccessRule>>>> = ACCESS.entities;

/** The server's rule for `op` on `entity`; undefined for an entity it has no rules for. */
export function entityRule(entity: string, op: Op): AccessRule | undefined {
  return Object.hasOwn(ENTITIES, entity) ? ENTITIES[entity][op] : undefined;
}

/** Whether the server lets a role with its privileges do `op` on `entity` (never for an unknown entity). */
export function may(entity: string, op: Op, role: Role | null, privileges: readonly string[]): boolean {
  const rule = entityRule(entity, op);
  return rule !== undefined && allows(rule, role, privileges);
}

/** Bin assignment changes bins for recipes: configurator or recipe update rights (decision 22). */
export const BIN_ASSIGNMENT: AccessRule = RULES.binAssignment;
