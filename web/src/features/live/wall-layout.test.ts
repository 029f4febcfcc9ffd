import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { elapsed, plantClock, plantTime, secondsSince, wallGrid } from './wall-layout';

describe('wallGrid', () => {
  it('puts two lines side by side and eight in four columns of two on a landscape screen', () => {
    for (const [w, h] of [
      [1896, 980],
      [3800, 2000],
      [1342, 690],
    ]) {
      expect(wallGrid(2, w, h, 10)).toEqual({ cols: 2, rows: 1 });
      expect(wallGrid(8, w, h, 10)).toEqual({ cols: 4, rows: 2 });
    }
  });

  it('gives every count of lines a cell, with the largest tiles', () => {
    for (let n = 1; n <= 12; n += 1) {
      const g = wallGrid(n, 1896, 980, 10);
      expect(g.cols * g.rows).toBeGreaterThanOrEqual(n);
      // No whole empty row or column.
      expect((g.rows - 1) * g.cols).toBeLessThan(n);
      expect(g.rows * (g.cols - 1)).toBeLessThan(n);
    }
    expect(wallGrid(1, 1896, 980)).toEqual({ cols: 1, rows: 1 });
    expect(wallGrid(3, 1896, 980)).toEqual({ cols: 3, rows: 1 });
    // Portrait: stacked.
    expect(wallGrid(2, 1000, 1800)).toEqual({ cols: 1, rows: 2 });
  });
});

describe('running time', () => {
  const intl = createIntl({ locale: 'de', messages: {} });
  const n = intl.formatNumber;

  it('counts whole seconds from the state start and moves with the clock', () => {
    const since = '2026-11-23T10:00:00Z';
    const t0 = Date.parse(since);
    expect(secondsSince(since, t0 + 59_999)).toBe(59);
    expect(secondsSince(since, t0 + 60_000)).toBe(60);
    expect(secondsSince(null, t0)).toBeNull();
    expect(secondsSince(since, t0 - 5000)).toBe(0);
  });

  it('reads h:mm:ss, hours past a day', () => {
    expect(elapsed(0, n)).toBe('0:00:00');
    expect(elapsed(46_763, n)).toBe('12:59:23');
    expect(elapsed(90_061, n)).toBe('25:01:01');
  });
});

describe('plant time', () => {
  // 05:00 UTC is 06:00 in Amsterdam in November, whatever zone this test runs in.
  const at = Date.parse('2026-11-23T05:00:00Z');

  it('shows the line zone’s time, not the browser’s', () => {
    expect(plantTime(at, 'Europe/Amsterdam', 'de')).toBe('06:00');
    expect(plantTime(at, 'America/New_York', 'de')).toBe('00:00');
    expect(plantClock(at, 'Europe/Amsterdam', 'de').time).toBe('06:00:00');
    expect(plantClock(at, 'Europe/Amsterdam', 'de').date).toBe('Montag, 23. November');
  });

  it('falls back to UTC for a zone the browser does not know', () => {
    expect(plantTime(at, 'Mars/Olympus', 'de')).toBe('05:00');
  });
});
