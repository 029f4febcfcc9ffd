import { describe, expect, it } from 'vitest';
import ACCESS from '@/generated/access.json';
import LIVE from '@/generated/live-constants.json';
import { CLOSE_BAD_REQUEST, CLOSE_TOO_SLOW, CLOSE_UNAUTHENTICATED, topics } from './protocol';

describe('the live protocol as the server states it', () => {
  it('takes the close codes from live.json', () => {
    expect({ badRequest: CLOSE_BAD_REQUEST, tooSlow: CLOSE_TOO_SLOW, unauthorized: CLOSE_UNAUTHENTICATED }).toEqual(LIVE.closeCodes);
  });

  it('spells every topic the server has a rule for (access.json topics, line L1)', () => {
    const spelled = [topics.lines, topics.alarms, topics.unknownLines, topics.events, topics.line('L1'), topics.diagnostics('L1'), topics.spc('L1')];
    expect(spelled.sort()).toEqual(Object.keys(ACCESS.topics).sort());
  });
});
