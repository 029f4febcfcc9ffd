import { describe, expect, it } from 'vitest';
import { DESCRIPTORS, descriptor } from '@/features/config/testing/descriptors-fixture';
import { allows, findType } from './capabilities';

describe('import and copy capabilities (as the descriptors say)', () => {
  it('offers what the descriptors allow', () => {
    const importable = DESCRIPTORS.filter((d) => allows('import', d)).map((d) => d.key);
    expect(importable).toContain('scales');
    expect(importable).not.toContain('bins');
    const scales = { ...descriptor('scales'), importable: false, copyable: true };
    expect(allows('import', scales)).toBe(false);
    expect(allows('copy', scales)).toBe(true);
  });

  it('finds a type case-insensitively', () => {
    expect(findType(DESCRIPTORS, 'ActionParameters')?.key).toBe('actionparameters');
    expect(findType(DESCRIPTORS, 'nothing')).toBeUndefined();
    expect(findType(DESCRIPTORS, '')).toBeUndefined();
  });
});
