import { describe, expect, it } from 'vitest';
import { formatDuration, fromLocalInput, toLocalInput } from './dates';

describe('shared dates', () => {
  it('reads a datetime-local value with seconds and blanks around it, and drops the seconds on the way back', () => {
    const at = new Date(2026, 10, 23, 6, 30, 15);
    expect(fromLocalInput(' 2026-11-23T06:30:15 ')).toBe(at.toISOString());
    expect(toLocalInput(at.toISOString())).toBe('2026-11-23T06:30');
    expect(toLocalInput(undefined)).toBe('');
  });

  it('writes seconds as h:mm:ss, hours past a day included', () => {
    expect(formatDuration(0)).toBe('0:00:00');
    expect(formatDuration(29.6)).toBe('0:00:30');
    expect(formatDuration(3725.4)).toBe('1:02:05');
    expect(formatDuration(90_000)).toBe('25:00:00');
    expect(formatDuration(-61)).toBe('-0:01:01');
    expect(formatDuration(null)).toBe('');
    expect(formatDuration(Number.NaN)).toBe('');
  });
});
