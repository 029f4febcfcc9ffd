import { describe, expect, it } from 'vitest';
import { order } from '../testing/fixtures';
import { emptyValues, splitErrors, toInput, valuesOf } from './form';

describe('the order form’s values', () => {
  it('sends trimmed text, numbers, RFC 3339 and null for what was left empty', () => {
    const v = { ...emptyValues('L1', '2026-11-24T07:00:00.000Z'), recipeId: 'V2', orderNumber: ' PO-9 ', name: '  ', batchSizeKg: '1250.5', batches: 4, notes: ' rush ' };
    expect(toInput(v)).toEqual({
      lineId: 'L1',
      recipeId: 'V2',
      orderNumber: 'PO-9',
      name: null,
      batchSizeKg: 1250.5,
      batches: 4,
      plannedStart: '2026-11-24T07:00:00.000Z',
      sequence: null,
      notes: 'rush',
    });
    expect(toInput({ ...v, batchSizeKg: '', sequence: 3 }, true)).toMatchObject({ batchSizeKg: null, sequence: 3, withFlush: true });
  });

  it('starts an edit from the order', () => {
    const v = valuesOf(order({ notes: null, sequence: 5 }), 'V2');
    expect(v).toMatchObject({ lineId: 'L1', recipeId: 'V2', orderNumber: 'PO-1', name: 'Grower crumble', batchSizeKg: 1000, batches: 10, sequence: 5, notes: '' });
    expect(v.plannedStart).toBe('2026-11-23T07:00:00Z');
  });

  it('puts field messages on their inputs and keeps carry-over conflicts and the rest apart', () => {
    expect(splitErrors({ orderNumber: 'taken', batches: 'range', 'carryOver:A:B': 'B after A', status: 'The order is Released' })).toEqual({
      fields: { orderNumber: 'taken', batches: 'range' },
      conflicts: [{ previousId: 'A', nextId: 'B', message: 'B after A' }],
      other: ['The order is Released'],
    });
    expect(splitErrors(undefined)).toEqual({ fields: {}, conflicts: [], other: [] });
  });
});
