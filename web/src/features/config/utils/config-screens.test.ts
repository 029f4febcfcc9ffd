import { describe, expect, it } from 'vitest';
import { DESCRIPTORS } from '../testing/descriptors-fixture';
import { CONFIG_SCREENS, hrefs, screenForPath } from './config-screens';

describe('route → entity table', () => {
  it('finds the entity of every path under a list route, case-insensitively', () => {
    expect(screenForPath('/configurator/dosingandfeeding/scales')?.entity).toBe('scales');
    expect(screenForPath('/configurator/dosingandfeeding/scales/edit/42')?.entity).toBe('scales');
    expect(screenForPath('/Configurator/Line/view/1')?.entity).toBe('lines');
    expect(screenForPath('/configurator/materialcategories/editmaterialcategory/7')?.entity).toBe('materialcategories');
    expect(screenForPath('/configurator/stoptime/stoptimereasons/add')?.entity).toBe('stopreasons');
    expect(screenForPath('/recipemanagement/materialdirectory/new')?.entity).toBe('materialdirectory');
    expect(screenForPath('/configurator/idealrates/edit/R1')?.entity).toBe('idealrates');
    expect(screenForPath('/configurator/lines')).toBeUndefined();
    expect(screenForPath('/recipemanagement/binassignment')).toBeUndefined();
  });

  it('names an entity the api describes, with its screen name, for every screen', () => {
    for (const s of CONFIG_SCREENS) {
      const d = DESCRIPTORS.find((x) => x.key === s.entity);
      expect(d, s.base).toBeDefined();
      expect(d?.screen).toBe(s.screen);
    }
    // Parameter groups have no route of their own (§2).
    const covered = new Set(CONFIG_SCREENS.map((s) => s.entity));
    expect(DESCRIPTORS.filter((d) => !covered.has(d.key)).map((d) => d.key)).toEqual(['parametergroups']);
  });

  it('builds links that keep the line, the shift with its id in the query', () => {
    const shift = screenForPath('/configurator/shift')!;
    expect(hrefs.edit(shift, 'S 1')).toBe('/configurator/shift/edit?id=S+1');
    expect(hrefs.add(shift, 'L1')).toBe('/configurator/shift/add?lineId=L1');
    expect(hrefs.view(shift, 'S1')).toBeNull();
    const scales = screenForPath('/configurator/dosingandfeeding/scales')!;
    expect(hrefs.list(scales, 'L1')).toBe('/configurator/dosingandfeeding/scales?lineId=L1');
    expect(hrefs.edit(scales, 'a/b')).toBe('/configurator/dosingandfeeding/scales/edit/a%2Fb');
  });
});
