import { describe, expect, it } from 'vitest';
import { descriptor } from '../testing/descriptors-fixture';
import { displayValue, recordLabel, recordTitle, referencedEntities, sortValue, type DisplayContext } from './display';

const names: Record<string, Record<string, string>> = {
  scales: { S1: 'SC1' },
  mixingactions: { A1: 'DRY', A2: 'WET', A3: 'OIL', A4: 'MIX', A5: 'EMPTY' },
  actionparameters: { P1: 'SPEED' },
};
const ctx: DisplayContext = {
  yes: 'Yes',
  no: 'No',
  option: (v) => ({ MAJOR: 'Major ingredients', MON: 'Mon' })[v] ?? v,
  number: (n) => n.toLocaleString('en'),
  count: (n) => `${n} entries`,
  ref: (entity, id) => names[entity]?.[id],
};
const field = (entity: string, name: string) => descriptor(entity).fields.find((f) => f.name === name)!;

describe('display of values', () => {
  it('shows options translated, yes/no, numbers with their unit on request', () => {
    expect(displayValue(field('scales', 'type'), { type: 'MAJOR' }, ctx)).toBe('Major ingredients');
    expect(displayValue(field('scales', 'type'), { type: 'NEW' }, ctx)).toBe('NEW');
    expect(displayValue(field('reportparameters', 'isDownstream'), { isDownstream: true }, ctx)).toBe('Yes');
    expect(displayValue(field('reportparameters', 'isDownstream'), {}, ctx)).toBe('No');
    expect(displayValue(field('scales', 'capacityKg'), { capacityKg: 1500 }, ctx)).toBe('1,500');
    expect(displayValue(field('scales', 'capacityKg'), { capacityKg: 1500 }, ctx, true)).toBe('1,500 kg');
    expect(displayValue(field('shifts', 'days'), { days: ['MON', 'TUE'] }, ctx)).toBe('Mon, TUE');
  });

  it('names referenced records, falling back to the id', () => {
    expect(displayValue(field('bins', 'scaleId'), { scaleId: 'S1' }, ctx)).toBe('SC1');
    expect(displayValue(field('bins', 'scaleId'), { scaleId: 'S9' }, ctx)).toBe('S9');
    expect(displayValue(field('mixingactions', 'parameters'), { parameters: ['P1'] }, ctx)).toBe('SPEED');
    expect(displayValue(field('parametergroups', 'parameterIds'), { groupType: 'ACTION', parameterIds: ['P1'] }, ctx)).toBe('SPEED');
  });

  it('summarises items: steps in sequence, else a count', () => {
    const actions = [
      { mixingActionId: 'A2', sequence: 2 },
      { mixingActionId: 'A1', sequence: 1 },
    ];
    expect(displayValue(field('mixingmodes', 'actions'), { actions }, ctx)).toBe('DRY → WET');
    const five = ['A1', 'A2', 'A3', 'A4', 'A5'].map((id, i) => ({ mixingActionId: id, sequence: i + 1 }));
    expect(displayValue(field('mixingmodes', 'actions'), { actions: five }, ctx)).toBe('DRY → WET → OIL +2');
    expect(displayValue(field('irams', 'settings'), { settings: [{ key: 'a' }, { key: 'b' }] }, ctx)).toBe('2 entries');
    expect(displayValue(field('bins', 'binMaterials'), { binMaterials: [] }, ctx)).toBe('0 entries');
  });

  it('labels records as code – name', () => {
    expect(recordLabel({ _id: '1', code: 'SC1', name: 'Main scale' })).toBe('SC1 – Main scale');
    expect(recordLabel({ _id: '1', name: 'Early' })).toBe('Early');
    expect(recordTitle({ _id: '1', code: 'SC1', name: 'Main' }, descriptor('scales'))).toBe('SC1');
    expect(recordTitle({ _id: '1', name: 'Early' }, descriptor('shifts'))).toBe('Early');
  });

  it('sorts numbers as numbers and the rest by shown text', () => {
    expect(sortValue(field('scales', 'capacityKg'), { _id: 'x', capacityKg: 12 }, ctx)).toBe(12);
    expect(sortValue(field('scales', 'capacityKg'), { _id: 'x' }, ctx)).toBeNull();
    expect(sortValue(field('bins', 'scaleId'), { _id: 'x', scaleId: 'S1' }, ctx)).toBe('SC1');
  });

  it('knows which entities a form or list refers to', () => {
    expect(referencedEntities(descriptor('bins').fields).sort()).toEqual(['materialdirectory', 'scales']);
    expect(referencedEntities(descriptor('parametergroups').fields, { groupType: 'MODE' })).toEqual(['modeparameters']);
    expect(referencedEntities(descriptor('parametergroups').fields)).toEqual([]);
  });
});
