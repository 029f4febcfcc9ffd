import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRIVILEGE_ACTIONS, PRIVILEGE_GROUPS, ROLES } from '@/lib/access';
import { catalogues, LANGUAGES, webCatalogue } from '@/test/catalogues';
import { MENU, type MenuNode } from './menu';
import { appRoutes, groupLabels } from './route-table';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
}

function usedIds(): Set<string> {
  const ids = new Set<string>();
  const src = join(__dirname, '..');
  for (const file of sources(src)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/['"`]((?:web|validation|auth|user|server)\.[A-Za-z0-9_.]+)['"`]/g)) ids.add(m[1]);
  }
  for (const r of appRoutes) ids.add(r.title.id).add(r.title.entity);
  Object.values(groupLabels).forEach((id) => ids.add(id));
  const walk = (nodes: MenuNode[]) => nodes.forEach((n) => (ids.add(n.label), n.children && walk(n.children)));
  walk(MENU);
  ROLES.forEach((r) => ids.add(`web.role.${r}`));
  PRIVILEGE_GROUPS.forEach((g) => ids.add(`web.privilege.group.${g}`));
  PRIVILEGE_ACTIONS.forEach((a) => ids.add(`web.privilege.action.${a}`));
  ['pending', 'active', 'inactive'].forEach((s) => ids.add(`web.users.status.${s}`));
  ['first', 'previous', 'next', 'last'].forEach((c) => ids.add(`web.pagination.${c}`));
  return ids;
}

describe('translations', () => {
  const ids = usedIds();
  for (const { languageCode, translations } of catalogues()) {
    it(`${languageCode} has every string the web app shows`, () => {
      const missing = [...ids].filter((id) => !(id in translations));
      expect(missing).toEqual([]);
    });
  }
  it('the five web files have the same keys', () => {
    const keys = Object.keys(webCatalogue('en')).sort();
    for (const lang of LANGUAGES) expect(Object.keys(webCatalogue(lang)).sort()).toEqual(keys);
  });
  it('keeps the §5 and §8 texts exact in English', () => {
    const en = catalogues()[0].translations;
    expect(en['validation.emailRequired']).toBe('Please provide an email address');
    expect(en['web.error.invalidTokenContact']).toBe('Invalid Token, Something went wrong contact Administrator');
    expect(en['web.error.contactAdmin']).toBe('Something went wrong. Please contact administrator.');
    expect(en['web.error.unknown']).toBe('Error Unknown');
    expect(en['web.error.lines']).toBe('Error Getting Lines');
    expect(en['server.error']).toBe('Server Error');
  });
});
