import { describe, expect, it } from 'vitest';
import { catalogues } from '@/test/catalogues';
import type { Field } from '../api/config-types';
import { DESCRIPTORS } from '../testing/descriptors-fixture';

/** The labels the screens look up by a field's name or an option's value (not visible to the key scan). */
function dynamicIds(): string[] {
  const ids = new Set<string>();
  const walk = (fields: Field[]) => {
    for (const f of fields) {
      ids.add(`web.field.${f.name}`);
      if (f.kind.type === 'choice' || f.kind.type === 'textList') f.kind.options.forEach((o) => ids.add(`web.option.${o}`));
      if (f.kind.type === 'items') walk(f.kind.fields);
    }
  };
  for (const d of DESCRIPTORS) {
    ids.add(`web.screen.${d.screen}`);
    walk(d.fields);
  }
  return [...ids];
}

describe('configuration labels', () => {
  const ids = dynamicIds();
  for (const { languageCode, translations } of catalogues()) {
    it(`${languageCode} names every field, option and screen`, () => {
      expect(ids.filter((id) => !(id in translations))).toEqual([]);
    });
  }
});
