import { describe, expect, it } from 'vitest';
import { descriptor } from '../testing/descriptors-fixture';
import { errorKey, parseErrorKey, placeServerErrors } from './server-errors';

describe('server error keys', () => {
  it('splits field, row and cell', () => {
    expect(parseErrorKey('code')).toEqual({ field: 'code' });
    expect(parseErrorKey('binMaterials[0].materialId')).toEqual({ field: 'binMaterials', index: 0, inner: 'materialId' });
    expect(parseErrorKey('actions.3.sequence')).toEqual({ field: 'actions', index: 3, inner: 'sequence' });
    expect(parseErrorKey('actions[12]')).toEqual({ field: 'actions', index: 12 });
    expect(parseErrorKey('a b')).toBeNull();
    expect(errorKey('binMaterials', 2, 'lot')).toBe('binMaterials[2].lot');
    expect(errorKey('name')).toBe('name');
  });

  it('puts messages on their fields and cells, and the rest above the form', () => {
    const placed = placeServerErrors(descriptor('bins').fields, {
      code: 'Code already used',
      'binMaterials[0].materialId': 'Unknown material',
      'binMaterials.1.lot': 'Too long',
      'binMaterials[2]': 'Bad row',
      'binMaterials[0].nope': 'Odd cell',
      lineId: 'Unknown line',
      'scaleId[0].x': 'Not items',
    });
    expect(placed.byKey).toEqual({
      code: 'Code already used',
      'binMaterials[0].materialId': 'Unknown material',
      'binMaterials[1].lot': 'Too long',
      binMaterials: 'Bad row Odd cell',
      scaleId: 'Not items',
    });
    expect(placed.other).toEqual(['Unknown line']);
  });

  it('copes with no errors', () => {
    expect(placeServerErrors(descriptor('scales').fields, undefined)).toEqual({ byKey: {}, other: [] });
  });
});
