import { describe, expect, it } from 'vitest';
import { CONFIG_SCREENS, hrefs } from '@/features/config/utils/config-screens';
import { appRoutes } from './route-table';

describe('configuration screens in the route table', () => {
  it('plugs a screen into every configurator route and the two recipe-management ones', () => {
    const config = appRoutes.filter(
      (r) => r.path.startsWith('/configurator/') || /^\/(recipemanagement\/(materialdirectory|binassignment)|traceability\/(suppliers|customers))/.test(r.path),
    );
    // line + 17 entities with list/new/edit/view (ideal rates the 16th, signature meanings the
    // 17th), the three shift routes, material directory, bin assignment, the plant connections'
    // list, new and edit, and suppliers and customers.
    expect(config.length).toBe(4 + 3 + 4 * 17 + 4 + 1 + 3 + 2 * 4);
    for (const r of config) expect(r.load, r.path).toBeTypeOf('function');
    expect(appRoutes.find((r) => r.path === '/import/:type')?.load).toBeTypeOf('function');
    expect(appRoutes.find((r) => r.path === '/copyparameter/:type')?.load).toBeTypeOf('function');
  });

  it('has a route for every link the configuration screens build', () => {
    const patterns = appRoutes.map((r) => r.path.replace(/:[A-Za-z]+/g, 'ID').toLowerCase());
    const strip = (h: string) => h.split('?')[0].toLowerCase();
    for (const s of CONFIG_SCREENS) {
      for (const href of [hrefs.list(s), hrefs.add(s), hrefs.edit(s, 'ID'), hrefs.view(s, 'ID')]) {
        if (href) expect(patterns, href).toContain(strip(href));
      }
    }
  });
});
