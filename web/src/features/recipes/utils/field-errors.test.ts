import { describe, expect, it } from 'vitest';
import { recipe } from '../testing/fixtures';
import { draftOf, moved, toInput, type Draft } from './draft';
import { inputKey, inputOf, parsePath, placeErrors } from './field-errors';

/** The fixture with its items moved: SOY first on the major scale, the micro scale's item second. */
function reordered(): Draft {
  const d = draftOf(recipe());
  return { ...d, scales: [{ ...d.scales[0], items: moved(d.scales[0].items, 0, 1) }, d.scales[1]] };
}

describe('the body add and edit send', () => {
  it('lists the weighing items scale by scale in screen order, numbered per scale', () => {
    const body = toInput(reordered(), false);
    expect(body.weighingItems?.map((w) => [w.scaleId, w.materialId, w.sequence])).toEqual([
      ['S1', 'M-SOY', 1],
      ['S1', 'M-CORN', 2],
      ['S2', 'M-PREMIX', 1],
    ]);
    expect(body).not.toHaveProperty('lineId');
    expect(toInput(reordered(), true)).toMatchObject({ lineId: 'L1', code: 'GROWER' });
  });

  it('sends a step’s parameters that have a value, and empty texts as null', () => {
    const d = draftOf(recipe({ product: null }));
    d.mixing[0].parameters.push({ parameterId: 'P-TEMP', value: '' });
    const body = toInput({ ...d, description: '  ' }, false);
    expect(body.mixingItems?.[0].parameters).toEqual([{ parameterId: 'P-SPEED', value: 40 }]);
    expect([body.product, body.description]).toEqual([null, null]);
  });
});

describe('server field errors on the editor’s inputs', () => {
  it('splits field paths', () => {
    expect(parsePath('batchSizeKg')).toEqual({ list: 'batchSizeKg' });
    expect(parsePath('weighingItems[2].tolerance')).toMatchObject({ list: 'weighingItems', index: 2, field: 'tolerance' });
    expect(parsePath('mixingItems[0].parameters[1].value')).toMatchObject({ list: 'mixingItems', index: 0, field: 'parameters', subIndex: 1, subField: 'value' });
    expect(parsePath('not a path')).toBeNull();
  });

  it('finds the weighing row a path names by the order the items were sent in', () => {
    const d = reordered();
    const [soy, corn] = d.scales[0].items;
    const premix = d.scales[1].items[0];
    expect(inputOf(d, 'weighingItems[0].tolerance')).toBe(inputKey.weighing(soy.key, 'tolerance'));
    expect(inputOf(d, 'weighingItems[1].setpoint')).toBe(inputKey.weighing(corn.key, 'setpoint'));
    expect(inputOf(d, 'weighingItems[2].binId')).toBe(inputKey.weighing(premix.key, 'binId'));
    expect(inputOf(d, 'weighingItems[2].toleranceUnit')).toBe(inputKey.weighing(premix.key, 'tolerance'));
    expect(inputOf(d, 'weighingItems[1]')).toBe(inputKey.weighing(corn.key, 'materialId'));
  });

  it('finds a mixing parameter by its place among the values sent', () => {
    const d = draftOf(recipe());
    const step = d.mixing[0];
    // An empty value is not sent, so the server's [1] is TEMP, the second value given.
    step.parameters = [
      { parameterId: 'P-EMPTY', value: null },
      { parameterId: 'P-SPEED', value: 70 },
      { parameterId: 'P-TEMP', value: 80 },
    ];
    expect(inputOf(d, 'mixingItems[0].parameters[1].value')).toBe(inputKey.parameter(step.key, 'P-TEMP'));
    expect(inputOf(d, 'mixingItems[0].parameters[0].parameterId')).toBe(inputKey.parameter(step.key, 'P-SPEED'));
    expect(inputOf(d, 'mixingItems[0].durationS')).toBe(inputKey.mixing(step.key, 'durationS'));
    expect(inputOf(d, 'miscellaneousItems[0].value')).toBe(inputKey.misc(d.misc[0].key, 'value'));
  });

  it('keeps aside the messages no input shows', () => {
    const d = draftOf(recipe());
    const placed = placeErrors(d, [
      ['weighingItems[0].tolerance', 'Weighing 1 (CORN): The tolerance must be greater than 0'],
      ['batchSizeKg', 'The batch size must be greater than 0'],
      ['weighingItems[0].feedingPointId', 'The feeding point does not exist on this line'],
      ['weighingItems[7].setpoint', 'Weighing 8: gone'],
      ['somethingElse', 'Other'],
    ]);
    expect(placed.byKey).toEqual({
      [inputKey.weighing(d.scales[0].items[0].key, 'tolerance')]: 'Weighing 1 (CORN): The tolerance must be greater than 0',
      batchSizeKg: 'The batch size must be greater than 0',
    });
    expect(placed.other).toEqual(['The feeding point does not exist on this line', 'Weighing 8: gone', 'Other']);
  });
});
