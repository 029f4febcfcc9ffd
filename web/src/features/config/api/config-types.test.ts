/**
 * `Kind`, `Field` and `RoutesStyle` are written by hand (the api's document leaves a
 * descriptor's `fields` and `routes` loose; see config-types.ts): every descriptor the tests
 * serve (the fixture, which the fake api answers `/api/config/entities` with) must match them
 * exactly, as model/src/config/mod.rs serializes them. The records come from the document: every
 * entity access.json names has a generated record type, and the fixture's field names are
 * properties of it (descriptors-fixture.ts, checked by the compiler).
 */
import { describe, expect, it } from 'vitest';
import ACCESS from '@/generated/access.json';
import { DESCRIPTORS } from '../testing/descriptors-fixture';
import type { EntityKey } from '../utils/permissions';
import type { RecordOf } from './config-types';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrings = (v: unknown): boolean => Array.isArray(v) && v.every((s) => typeof s === 'string');
const isNumber = (v: unknown): boolean => typeof v === 'number' && !Number.isNaN(v);

/** The keys each `Kind` variant carries besides `type`, and a check of each. */
const KIND_KEYS: Record<string, Record<string, (v: unknown) => boolean>> = {
  text: { max: isNumber },
  code: {},
  int: { min: isNumber, max: isNumber },
  decimal: { min: isNumber, max: isNumber },
  bool: { default: (v) => typeof v === 'boolean' },
  choice: { options: isStrings },
  time: {},
  timeZone: {},
  ref: { entity: (v) => typeof v === 'string' },
  refList: { entity: (v) => typeof v === 'string' },
  idList: {
    by: (v) => typeof v === 'string',
    targets: (v) => Array.isArray(v) && v.every((t) => Array.isArray(t) && t.length === 2 && isStrings(t)),
  },
  textList: { options: isStrings },
  items: { fields: (v) => Array.isArray(v) && v.every((f) => fieldProblems(f, 'item').length === 0) },
};
const ROUTES_STYLES = ['pattern', 'shifts', 'stopTimeGroups', 'stopReasons'];

/** What is wrong with a field, by the `Field` and `Kind` types (empty when it matches). */
function fieldProblems(field: unknown, where: string): string[] {
  if (!isObject(field)) return [`${where}: not an object`];
  const problems: string[] = [];
  const expected = ['filter', 'kind', 'list', 'name', 'required', 'unique', 'unit'];
  if (Object.keys(field).sort().join() !== expected.join()) problems.push(`${where}: keys ${Object.keys(field).sort().join()}`);
  if (typeof field.name !== 'string') problems.push(`${where}: name`);
  for (const flag of ['required', 'unique', 'list', 'filter']) if (typeof field[flag] !== 'boolean') problems.push(`${where}: ${flag}`);
  if (field.unit !== null && typeof field.unit !== 'string') problems.push(`${where}: unit`);
  const kind = field.kind;
  if (!isObject(kind) || typeof kind.type !== 'string' || !(kind.type in KIND_KEYS)) return [...problems, `${where}: kind ${JSON.stringify(kind)}`];
  const checks = KIND_KEYS[kind.type];
  const keys = Object.keys(kind).filter((k) => k !== 'type').sort();
  if (keys.join() !== Object.keys(checks).sort().join()) problems.push(`${where}: ${kind.type} keys ${keys.join()}`);
  for (const [key, check] of Object.entries(checks)) if (!check(kind[key])) problems.push(`${where}: ${kind.type}.${key}`);
  return problems;
}

describe('the descriptors the tests serve', () => {
  it('are exactly the entities access.json has rules for', () => {
    expect(DESCRIPTORS.map((d) => d.key).sort()).toEqual(Object.keys(ACCESS.entities).sort());
  });

  it.each(DESCRIPTORS.map((d) => [d.key, d] as const))('%s matches Field, Kind and RoutesStyle', (key, d) => {
    const problems = d.fields.flatMap((f, i) => fieldProblems(f, `${key}.fields[${i}]`));
    if (!ROUTES_STYLES.includes(d.routes)) problems.push(`${key}: routes ${d.routes}`);
    expect(problems).toEqual([]);
  });

  it('a field with a kind the web does not know is caught', () => {
    expect(fieldProblems({ name: 'x', required: false, unique: false, list: false, filter: false, unit: null, kind: { type: 'money' } }, 'x')).not.toEqual([]);
    expect(fieldProblems({ name: 'x', required: false, unique: false, list: false, filter: false, unit: null, kind: { type: 'text' } }, 'x')).toEqual(['x: text keys ', 'x: text.max']);
  });
});

/** Entities whose record the document lacks (`RecordOf` is never): must be none. */
type WithoutRecord = { [K in EntityKey]: [RecordOf<K>] extends [never] ? K : never }[EntityKey];
const everyEntityHasARecord: [WithoutRecord] extends [never] ? true : WithoutRecord = true;

describe('the records', () => {
  it('come from the api document for every entity (checked by the compiler)', () => {
    expect(everyEntityHasARecord).toBe(true);
  });
});
