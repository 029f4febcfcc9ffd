/**
 * The descriptors the api serves at `/api/config/entities` and the records they describe, from
 * the api's OpenAPI document (src/generated/api.d.ts, `npm run contract`).
 */
import type { EntityKey } from '../utils/permissions';
import type { OkData, paths, Schema } from '@/lib/api-client';

/** What a field holds (model/src/config/mod.rs `Kind`, tagged by `type`). */
export type Kind = Schema<'Kind'>;

/** One field of a descriptor: name, kind with its limits, required, unique, list, filter, unit. */
export type Field = Schema<'Field'>;

/** How an entity's calls are spelled (§7): the configuration pattern or paths of their own. */
export type RoutesStyle = Schema<'Routes'>;

/** A descriptor as served by `GET /api/config/entities`. */
export type EntityDescriptor = OkData<'/api/config/entities', 'get'>[number];

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
