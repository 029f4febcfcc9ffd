import { describe, expect, it } from 'vitest';
import { DESCRIPTORS, descriptor } from '@/features/config/testing/descriptors-fixture';
import { findType, isCopyable, isImportable } from './capabilities';

describe('import and copy capabilities (as the descriptors say)', () => {
  it('offers what the descriptors allow', () => {
    expect(DESCRIPTORS.filter(isImportable).map((d) => d.key)).toContain('scales');
    expect(DESCRIPTORS.filter(isImportable).map((d) => d.key)).not.toContain('bins');
    const scales = { ...descriptor('scales'), importable: false, copyable: true };
    expect(isImportable(scales)).toBe(false);
    expect(isCopyable(scales)).toBe(true);
  });

  it('finds a type case-insensitively', () => {
    expect(findType(DESCRIPTORS, 'ActionParameters')?.key).toBe('actionparameters');
    expect(findType(DESCRIPTORS, 'nothing')).toBeUndefined();
    expect(findType(DESCRIPTORS, '')).toBeUndefined();
  });
});
