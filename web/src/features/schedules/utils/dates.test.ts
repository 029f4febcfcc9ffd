import { describe, expect, it } from 'vitest';
import { fallbackRange, nextFullHour } from './dates';

describe('schedule dates', () => {
  it('falls back to yesterday’s start … the end of the day after tomorrow', () => {
    const { from, to } = fallbackRange(new Date(2026, 10, 23, 14, 5));
    expect(from).toBe(new Date(2026, 10, 22).toISOString());
    expect(to).toBe(new Date(2026, 10, 26).toISOString());
  });

  it('plans a new order at the next full hour', () => {
    expect(nextFullHour(new Date('2026-11-23T14:05:00Z'))).toBe('2026-11-23T15:00:00.000Z');
    expect(nextFullHour(new Date('2026-11-23T23:00:00Z'))).toBe('2026-11-24T00:00:00.000Z');
  });
});
