// scripts/no-copies.mjs on a folder of its own: it names a copied enum (all of it, or three of
// its values and more) and a maximum length written as a number, and lets pass what is not a
// copy: two words that happen to be values, a list read from the generated file, tests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module without types
import { copies } from './no-copies.mjs';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function folder(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'no-copies-'));
  const all = {
    'generated/enums.ts': "export const TimeBucket = ['hour', 'shift', 'day', 'week', 'month', 'line'] as const;\nexport const PressureView = ['PRESSURE', 'BOTH'] as const;\n",
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('no-copies', () => {
  it('names a whole copy, a copy of three values and a written maximum length', () => {
    const found: string[] = copies(
      folder({
        'features/a.ts': "export const VIEWS = ['PRESSURE', 'BOTH'];\nexport const CAL = ['hour', 'day', 'week'];\n",
        'features/b.tsx': 'export const I = () => <input maxLength={80} />;\n',
      }),
    );
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(/src\/features\/a\.ts:1: a copy of the generated enum PressureView/);
    expect(found[1]).toMatch(/src\/features\/a\.ts:2: a copy of the generated enum TimeBucket/);
    expect(found[2]).toMatch(/src\/features\/b\.tsx:1: a maximum length written as a number/);
  });

  it('lets pass two words of a longer list, generated lists, limits read, and tests', () => {
    const found: string[] = copies(
      folder({
        'features/a.ts': "import { TimeBucket } from '@/generated/enums';\nexport const PICKERS = ['line', 'shift'];\nexport const B = TimeBucket;\n",
        'features/b.tsx': 'export const I = () => <input maxLength={LIMITS.name} />;\n',
        'features/c.test.ts': "const all = ['PRESSURE', 'BOTH'];\n",
      }),
    );
    expect(found).toEqual([]);
  });
});
