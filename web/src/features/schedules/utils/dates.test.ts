import { describe, expect, it } from 'vitest';
import { fallbackRange, fromLocalInput, nextFullHour, toLocalInput } from './dates';

describe('date-time inputs', () => {
  it('converts between local input values and RFC 3339 both ways', () => {
    const iso = new Date(2026, 10, 23, 6, 30).toISOString();
    expect(toLocalInput(iso)).toBe('2026-11-23T06:30');
    expect(fromLocalInput('2026-11-23T06:30')).toBe(iso);
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('23.11.2026 06:30')).toBeNull();
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('nonsense')).toBe('');
  });

  it('falls back to yesterday’s start … the end of the day after tomorrow', () => {
    const { from, to } = fallbackRange(new Date(2026, 10, 23, 14, 5));
    expect(from).toBe(new Date(2026, 10, 22).toISOString());
    expect(to).toBe(new Date(2026, 10, 26).toISOString());
  });

  it('plans a new order at the next full hour', () => {
    expect(nextFullHour(new Date(2026, 10, 23, 14, 5))).toBe('2026-11-23T15:00');
    expect(nextFullHour(new Date(2026, 10, 23, 23, 0))).toBe('2026-11-24T00:00');
  });
});
