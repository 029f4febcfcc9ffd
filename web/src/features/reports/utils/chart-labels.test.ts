import { describe, expect, it } from 'vitest';
import { distinctLabels } from './chart-labels';

describe('distinctLabels', () => {
  it('names the line of labels that two rows share, and only those', () => {
    const rows = [
      { name: 'Broiler grower', lineName: 'Line 1' },
      { name: 'Broiler grower', lineName: 'Line 2' },
      { name: 'Layer mash', lineName: 'Line 1' },
    ];
    expect(distinctLabels(rows.map((r) => r.name), rows)).toEqual(['Broiler grower · Line 1', 'Broiler grower · Line 2', 'Layer mash']);
  });

  it('leaves labels alone when rows carry no line', () => {
    expect(distinctLabels(['A', 'A'], [{}, {}])).toEqual(['A', 'A']);
  });
});
