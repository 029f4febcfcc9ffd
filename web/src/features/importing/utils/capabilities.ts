/**
 * Which entities can be imported from a spreadsheet or copied line to line: the api decides
 * (`model::config::Entity::importable` / `copyable`) and says so in each descriptor.
 */
import type { EntityDescriptor } from '@/features/config/api/config-types';

export type Capability = 'import' | 'copy';

export const allows = (capability: Capability, d: EntityDescriptor): boolean => (capability === 'import' ? d.importable : d.copyable);

/** The descriptor `type` names (keys are matched case-insensitively, like the routes). */
export function findType(all: EntityDescriptor[] | undefined, type: string | undefined): EntityDescriptor | undefined {
  const wanted = (type ?? '').toLowerCase();
  return wanted ? all?.find((d) => d.key.toLowerCase() === wanted) : undefined;
}
