/**
 * The descriptors the api serves at `/api/config/entities` and the records they describe, from
 * the api's OpenAPI document (src/generated/api.d.ts, `npm run contract`).
 */
import type { EntityKey } from '../utils/permissions';
import type { OkData, paths } from '@/lib/api-client';

/*
 * Written here, not generated: the document gives a descriptor's `fields` as bare objects and
 * its `routes` as a plain string, so `Kind`, `Field` and `RoutesStyle` mirror `Kind`, `Field`
 * and `Routes` of model/src/config/mod.rs (serde: tag `type`, camelCase). config-types.test.ts
 * checks every descriptor the tests serve against them.
 */

export type Kind =
  | { type: 'text'; max: number }
  | { type: 'code' }
  | { type: 'int'; min: number; max: number }
  | { type: 'decimal'; min: number; max: number }
  | { type: 'bool'; default: boolean }
  | { type: 'choice'; options: string[] }
  | { type: 'time' }
  | { type: 'timeZone' }
  | { type: 'ref'; entity: string }
  | { type: 'refList'; entity: string }
  /** Ids of the entity that the value of the field `by` picks from `targets` ([value, entity] pairs). */
  | { type: 'idList'; by: string; targets: [string, string][] }
  | { type: 'textList'; options: string[] }
  | { type: 'items'; fields: Field[] };

export interface Field {
  name: string;
  required: boolean;
  unique: boolean;
  /** Shown as a column of the list screen. */
  list: boolean;
  /** Passed to the list call as `&{name}=value`. */
  filter: boolean;
  unit: string | null;
  kind: Kind;
}

/** How an entity's calls are spelled (§7): the configuration pattern or paths of their own. */
export type RoutesStyle = 'pattern' | 'shifts' | 'stopTimeGroups' | 'stopReasons';

/** A descriptor as the api documents it (`key`, `screen`, `scoped`, `bulk`, `access`, `title`, `importable`, `copyable`). */
type ServedDescriptor = OkData<'/api/config/entities', 'get'>[number];

export type EntityDescriptor = Omit<ServedDescriptor, 'fields' | 'routes'> & { fields: Field[]; routes: RoutesStyle };

/** The 200 `data` of a GET path, when it is one. */
type GetData<P> = P extends keyof paths
  ? paths[P] extends { get: { responses: { 200: { content: { 'application/json': { data?: infer D } } } } } }
    ? Exclude<D, undefined>
    : never
  : never;

/** The generated record of an entity (`RecordOf<'scales'>` is `ScaleRecord`): what `GET /api/{key}/{id}` answers. */
export type RecordOf<K extends EntityKey> = GetData<`/api/${K}/{id}`>;

/** Any entity's record: the generated `<Name>Record` of each configuration entity. */
type AnyRecord = RecordOf<EntityKey>;

/** The properties every generated record has, with their types (`_id`, `name`, the audit stamps). */
type Common = { [K in keyof AnyRecord]: AnyRecord[K] };

/**
 * A stored record as the descriptor-driven screens read it: the `_id` and the properties every
 * generated record has (read as possibly missing, like any field), `lineId` when scoped, and
 * the other fields by name.
 */
export type ConfigRecord = Pick<Common, '_id'> & Partial<Omit<Common, '_id'>> & { lineId?: string; [field: string]: unknown };
