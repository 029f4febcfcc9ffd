import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { CARRY_OVER, CLASSES } from '../testing/fixtures';
import { cellKey, classesOf, conflictOf, matrixOf, parseConflicts, rulesOf } from './carry-over';

describe('carry-over refusals', () => {
  const errors = { 'carryOver:A:B': 'B may not follow A', 'carryOver:B:C': 'C may not follow B', orderNumber: 'taken', 'carryOver:bad': 'x' };

  it('reads the orders each conflict names', () => {
    expect(parseConflicts(errors)).toEqual([
      { previousId: 'A', nextId: 'B', message: 'B may not follow A' },
      { previousId: 'B', nextId: 'C', message: 'C may not follow B' },
    ]);
    expect(parseConflicts(undefined)).toEqual([]);
  });

  it('tells a carry-over 409 from other failures', () => {
    const conflict = new ApiError(409, { success: false, message: 'B may not follow A', errors });
    expect(conflictOf(conflict)?.message).toBe('B may not follow A');
    expect(conflictOf(conflict)?.conflicts).toHaveLength(2);
    expect(conflictOf(new ApiError(409, { success: false, message: 'The order is Running; it cannot become Released', errors: { status: 'x' } }))).toBeNull();
    expect(conflictOf(new ApiError(400, { success: false, message: 'm', errors }))).toBeNull();
    expect(conflictOf(new Error('network'))).toBeNull();
  });
});

describe('the carry-over matrix', () => {
  it('keeps the server’s class order, else orders the classes the rules name weakest first', () => {
    expect(classesOf(CARRY_OVER)).toEqual(CLASSES);
    expect(classesOf({ rules: [{ fromClass: 'MEDICATED', toClass: 'NONE', flushRequired: true }, { fromClass: 'CUSTOM', toClass: 'ADDITIVE', flushRequired: false }] })).toEqual([
      'NONE',
      'ADDITIVE',
      'MEDICATED',
      'CUSTOM',
    ]);
  });

  it('turns rules into ticked cells and back into every pair', () => {
    const flush = matrixOf(CARRY_OVER.rules);
    expect(flush.has(cellKey('MEDICATED', 'NONE'))).toBe(true);
    expect(flush.has(cellKey('NONE', 'MEDICATED'))).toBe(false);
    expect(flush.size).toBe(6);
    const rules = rulesOf(CLASSES, flush);
    expect(rules).toHaveLength(16);
    expect(rules).toEqual(expect.arrayContaining(CARRY_OVER.rules));
  });
});
