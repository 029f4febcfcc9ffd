import { describe, expect, it } from 'vitest';
import type { Field, Kind } from '../api/config-types';
import { descriptor } from '../testing/descriptors-fixture';
import { checkValues, inputFor, maxLengthOf, parseNumber, toFormValues, toPayload } from './field-inputs';

const field = (name: string, kind: Kind, required = false): Field => ({ name, kind, required, unique: false, list: false, filter: false, unit: null });

describe('field → input', () => {
  it('picks one input per kind', () => {
    const cases: Array<[Kind, string]> = [
      [{ type: 'text', max: 80 }, 'text'],
      [{ type: 'text', max: 500 }, 'textarea'],
      [{ type: 'code' }, 'text'],
      [{ type: 'int', min: 1, max: 9 }, 'number'],
      [{ type: 'decimal', min: 0, max: 1 }, 'number'],
      [{ type: 'bool', default: true }, 'switch'],
      [{ type: 'choice', options: ['A'] }, 'select'],
      [{ type: 'time' }, 'time'],
      [{ type: 'timeZone' }, 'timeZone'],
      [{ type: 'ref', entity: 'scales' }, 'ref'],
      [{ type: 'refList', entity: 'scales' }, 'refList'],
      [{ type: 'idList', by: 'groupType', targets: [] }, 'idList'],
      [{ type: 'textList', options: ['MON'] }, 'chips'],
      [{ type: 'textList', options: [] }, 'tags'],
      [{ type: 'items', fields: [] }, 'items'],
    ];
    for (const [kind, input] of cases) expect(inputFor(kind), kind.type).toBe(input);
  });

  it('limits texts and codes', () => {
    expect(maxLengthOf({ type: 'text', max: 80 })).toBe(80);
    expect(maxLengthOf({ type: 'code' })).toBe(32);
    expect(maxLengthOf({ type: 'int', min: 0, max: 1 })).toBeUndefined();
  });
});

describe('form values and payload', () => {
  it('starts a new record empty, with switches at their default', () => {
    const values = toFormValues(descriptor('dosingpoints').fields);
    expect(values).toMatchObject({ name: '', binId: '', coarseRateKgS: '', adaptiveInflight: true });
    expect(toFormValues(descriptor('shifts').fields).days).toEqual([]);
  });

  it('reads a record, items in sequence order', () => {
    const values = toFormValues(descriptor('mixingmodes').fields, {
      _id: 'M',
      name: 'Dry',
      description: null,
      actions: [
        { mixingActionId: 'b', sequence: 2 },
        { mixingActionId: 'a', sequence: 1 },
      ],
    });
    expect(values.description).toBe('');
    expect(values.actions).toEqual([
      { mixingActionId: 'a', sequence: 1 },
      { mixingActionId: 'b', sequence: 2 },
    ]);
    expect(values.parameters).toEqual([]);
  });

  it('sends trimmed texts, null for empty inputs and numbers typed with a comma', () => {
    const fields = descriptor('scales').fields;
    const payload = toPayload(fields, { ...toFormValues(fields), name: '  Main ', code: 'SC1', capacityKg: '1500,5', minWeighKg: '', tolerancePct: 2 });
    expect(payload).toMatchObject({ name: 'Main', code: 'SC1', capacityKg: 1500.5, minWeighKg: null, tolerancePct: 2, type: null });
    const bins = descriptor('bins').fields;
    expect(toPayload(bins, { ...toFormValues(bins), binMaterials: [{ materialId: 'M1', priority: '', lot: ' L7 ' }] }).binMaterials).toEqual([
      { materialId: 'M1', priority: null, lot: 'L7' },
    ]);
  });

  it('parses numbers of any locale', () => {
    expect(parseNumber('12,5')).toBe(12.5);
    expect(parseNumber(' 3 ')).toBe(3);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('abc')).toBeNull();
  });
});

describe('client checks', () => {
  it('needs required fields, including lists', () => {
    const problems = checkValues(descriptor('shifts').fields, toFormValues(descriptor('shifts').fields));
    expect(Object.keys(problems).sort()).toEqual(['days', 'endTime', 'name', 'startTime']);
    expect(problems.name).toEqual({ id: 'web.config.check.required' });
  });

  it('checks length, codes, times, integers and ranges', () => {
    const fields = [
      field('name', { type: 'text', max: 5 }),
      field('code', { type: 'code' }),
      field('startTime', { type: 'time' }),
      field('priority', { type: 'int', min: 1, max: 99 }),
      field('tolerancePct', { type: 'decimal', min: 0, max: 100 }),
      field('capacityKg', { type: 'decimal', min: 0, max: 10 }),
    ];
    const problems = checkValues(fields, { name: 'abcdef', code: '-bad', startTime: '24:00', priority: 1.5, tolerancePct: '101', capacityKg: 'x' });
    expect(problems).toEqual({
      name: { id: 'web.config.check.tooLong', values: { max: 5 } },
      code: { id: 'web.config.check.code' },
      startTime: { id: 'web.config.check.time' },
      priority: { id: 'web.config.check.integer' },
      tolerancePct: { id: 'web.config.check.range', values: { min: 0, max: 100 } },
      capacityKg: { id: 'web.config.check.number' },
    });
    expect(checkValues(fields, { name: 'ok', code: 'SC-1.a_b', startTime: '06:30', priority: 99, tolerancePct: '0,5', capacityKg: '' })).toEqual({});
  });

  it('keys problems inside items as the server does', () => {
    const fields = descriptor('bins').fields;
    const values = { ...toFormValues(fields), name: 'Bin', code: 'B1', scaleId: 'S', capacityKg: 10, binMaterials: [{ materialId: 'M', priority: 1, lot: '' }, { materialId: '', priority: 100, lot: '' }] };
    expect(checkValues(fields, values)).toEqual({
      'binMaterials[1].materialId': { id: 'web.config.check.required' },
      'binMaterials[1].priority': { id: 'web.config.check.range', values: { min: 1, max: 99 } },
    });
  });
});
