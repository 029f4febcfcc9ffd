import { describe, expect, it } from 'vitest';
import { order } from '../testing/fixtures';
import { percentOf, valueText } from './display';
import { anyOnBoard, moveOf, movesOf, needsSignature } from './status';

describe('the order life cycle on screen', () => {
  it('names each user move, RELEASED being "resume" from ON_HOLD', () => {
    expect(moveOf('PLANNED', 'RELEASED')).toBe('release');
    expect(moveOf('ON_HOLD', 'RELEASED')).toBe('resume');
    expect(moveOf('RUNNING', 'ON_HOLD')).toBe('hold');
    expect(moveOf('RELEASED', 'CANCELLED')).toBe('cancel');
    expect(moveOf('RUNNING', 'ABORTED')).toBe('abort');
    expect(moveOf('RELEASED', 'RUNNING')).toBeNull();
    expect(moveOf('RUNNING', 'COMPLETED')).toBeNull();
  });

  it('offers the moves of a record’s transitions in the server’s order, skipping the plant’s own', () => {
    expect(movesOf({ status: 'ON_HOLD', transitions: ['RELEASED'] })).toEqual([{ move: 'resume', to: 'RELEASED' }]);
    expect(movesOf({ status: 'RELEASED', transitions: ['ON_HOLD', 'RUNNING', 'CANCELLED'] }).map((m) => m.move)).toEqual(['hold', 'cancel']);
  });

  it('signs a release or a resume of a medicated order only', () => {
    expect(needsSignature({ medicationClass: 'MEDICATED' }, 'RELEASED')).toBe(true);
    expect(needsSignature({ medicationClass: 'COCCIDIOSTAT' }, 'RELEASED')).toBe(true);
    expect(needsSignature({ medicationClass: 'NONE' }, 'RELEASED')).toBe(false);
    expect(needsSignature({ medicationClass: 'MEDICATED' }, 'ON_HOLD')).toBe(false);
    expect(needsSignature({ medicationClass: 'MEDICATED' }, 'CANCELLED')).toBe(false);
  });

  it('polls while any order says it is on the board', () => {
    expect(anyOnBoard([order({ onBoard: false }), order({ onBoard: true })])).toBe(true);
    expect(anyOnBoard([order({ onBoard: false })])).toBe(false);
    expect(anyOnBoard(undefined)).toBe(false);
  });
});

describe('display', () => {
  const text = { num: (n: number) => n.toLocaleString('en'), yesNo: (b: boolean) => (b ? 'yes' : 'no') };
  it('writes control values with their units', () => {
    expect(valueText(82, '°C', text)).toBe('82 °C');
    expect(valueText(1500.5, null, text)).toBe('1,500.5');
    expect(valueText(true, null, text)).toBe('yes');
    expect(valueText('FAST', undefined, text)).toBe('FAST');
    expect(valueText(null, 'rpm', text)).toBe('—');
    expect(valueText({ a: 1 }, null, text)).toBe('{"a":1}');
  });
  it('turns progress into a whole percentage within 0–100', () => {
    expect(percentOf(0.4)).toBe(40);
    expect(percentOf(1 / 3)).toBe(33);
    expect(percentOf(1.2)).toBe(100);
    expect(percentOf(-1)).toBe(0);
  });
});
