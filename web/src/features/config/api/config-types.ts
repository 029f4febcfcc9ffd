/** The descriptors the api serves at `/api/config/entities` and the records they describe. */

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

export type Access = 'lines' | 'configurator' | 'recipes' | 'admins' | 'stopTimeGroups' | 'stopReasons';
export type RoutesStyle = 'pattern' | 'shifts' | 'stopTimeGroups' | 'stopReasons';

export interface EntityDescriptor {
  key: string;
  /** Its name in the catalogue: `web.screen.{screen}`. */
  screen: string;
  /** Per line (`lineId` on every record). */
  scoped: boolean;
  bulk: string | null;
  access: Access;
  routes: RoutesStyle;
  /** The field that names a record (`code` or `name`). */
  title: string;
  fields: Field[];
  /** Whether /import/{key} may take a spreadsheet of these (the api's rule). */
  importable: boolean;
  /** Whether /copyparameter/{key} may copy these line to line (the api's rule). */
  copyable: boolean;
}

/** A stored record: `_id`, `lineId` when scoped, one key per field, and the audit stamps. */
export interface ConfigRecord {
  _id: string;
  lineId?: string;
  createdAt?: string;
  createdBy?: string | null;
  updatedAt?: string;
  updatedBy?: string | null;
  [field: string]: unknown;
}

