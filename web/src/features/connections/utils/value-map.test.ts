import { describe, expect, it } from 'vitest';
import { formatValueMap, parseValueMap } from './value-map';

describe('value maps', () => {
  it('round-trip, any case, by comma or line', () => {
    const parsed = parseValueMap('0=stopped, 1=RUNNING\n RUN = running');
    expect(parsed).toEqual({ map: { '0': 'STOPPED', '1': 'RUNNING', RUN: 'RUNNING' } });
    if ('map' in parsed) expect(formatValueMap(parsed.map)).toBe('0=STOPPED, 1=RUNNING, RUN=RUNNING');
  });
  it('name the pair they cannot read', () => {
    expect(parseValueMap('0=STOPPED, 1=GO')).toEqual({ bad: '1=GO' });
    expect(parseValueMap('=RUNNING')).toEqual({ bad: '=RUNNING' });
  });
});
