import { describe, expect, it } from 'vitest';
import { LEVELS } from '../testing/fixtures';
import { releasableLevels, revertedWith } from './levels';

const held = (...levels: number[]) => levels.map((level) => ({ level, code: '', name: LEVELS.find((l) => l.level === level)!.name, releasedAt: '' }));

describe('release levels', () => {
  it('offers the lowest level not held whose lower level is held', () => {
    expect(releasableLevels(LEVELS, []).map((l) => l.code)).toEqual(['TRIAL']);
    expect(releasableLevels(LEVELS, held(1)).map((l) => l.code)).toEqual(['PRODUCTION']);
    expect(releasableLevels(LEVELS, held(1, 2))).toEqual([]);
    expect(releasableLevels([...LEVELS].reverse(), [])[0].code).toBe('TRIAL');
  });

  it('names the higher levels a revert takes back too', () => {
    expect(revertedWith(held(1, 2), 1).map((h) => h.name)).toEqual(['Production']);
    expect(revertedWith(held(1, 2), 2)).toEqual([]);
  });
});
