/**
 * The descriptors and records are generated from the api's document (`Kind`, `Field`, `Routes`
 * and `<Name>Record` are schemas of model/src/config/mod.rs), so the compiler holds the test
 * fixture to them; here: the fixture covers exactly the server's entities, and every entity
 * has a generated record type.
 */
import { describe, expect, it } from 'vitest';
import ACCESS from '@/generated/access.json';
import { DESCRIPTORS } from '../testing/descriptors-fixture';
import type { EntityKey } from '../utils/permissions';
import type { RecordOf } from './config-types';

describe('the descriptors the tests serve', () => {
  it('are exactly the entities access.json has rules for', () => {
    expect(DESCRIPTORS.map((d) => d.key).sort()).toEqual(Object.keys(ACCESS.entities).sort());
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
