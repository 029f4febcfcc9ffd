import { describe, expect, it } from 'vitest';
import { fallbackRange, nextFullHour } from './dates';

describe('schedule dates', () => {
  it('falls back to yesterday’s start … the end of the day after tomorrow, days of the plant', () => {
    // 00:30 in Amsterdam is still the 22nd in UTC: the plant's day counts.
    const { from, to } = fallbackRange(new Date('2026-11-22T23:30:00Z'), 'Europe/Amsterdam');
    expect(from).toBe('2026-11-21T23:00:00.000Z');
    expect(to).toBe('2026-11-25T23:00:00.000Z');
    expect(fallbackRange(new Date('2026-11-22T23:30:00Z'), 'UTC')).toEqual({ from: '2026-11-21T00:00:00.000Z', to: '2026-11-25T00:00:00.000Z' });
    // Across the end of summer time (25 October 2026 has 25 hours in Amsterdam).
    expect(fallbackRange(new Date('2026-10-24T10:00:00Z'), 'Europe/Amsterdam')).toEqual({ from: '2026-10-22T22:00:00.000Z', to: '2026-10-26T23:00:00.000Z' });
  });

  it('plans a new order at the next full hour', () => {
    expect(nextFullHour(new Date('2026-11-23T14:05:00Z'))).toBe('2026-11-23T15:00:00.000Z');
    expect(nextFullHour(new Date('2026-11-23T23:00:00Z'))).toBe('2026-11-24T00:00:00.000Z');
  });
});
