import { describe, expect, it } from 'vitest';
import { strengthBadge } from './strength';

describe('strength badge (§5)', () => {
  it.each([0, 1, 2])('score %i is Weak (danger)', (score) => {
    expect(strengthBadge(score)).toMatchObject({ level: 'weak', tone: 'danger', label: 'web.strength.weak' });
  });
  it('score 3 is Medium (warning)', () => {
    expect(strengthBadge(3)).toMatchObject({ level: 'medium', tone: 'warning', label: 'web.strength.medium' });
  });
  it.each([4, 5])('score %i is Strong (success)', (score) => {
    expect(strengthBadge(score)).toMatchObject({ level: 'strong', tone: 'success', label: 'web.strength.strong' });
  });
});
