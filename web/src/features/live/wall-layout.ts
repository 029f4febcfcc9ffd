/**
 * The wall display's arithmetic, kept apart from the page so it is unit-tested: how many
 * columns and rows of tiles fill a screen, a state's running time, and times in the plant's zone
 * (Intl with the line's `timeZone`, whatever zone the browser of the display is set to).
 */

export interface WallGrid {
  cols: number;
  rows: number;
}

/**
 * Columns and rows for `n` tiles in a `width` × `height` area with `gap` between tiles: the
 * layout whose tiles have the largest shorter side (a tile's type scales with its shorter side,
 * so that is the layout read from farthest away); on a tie, the one with fewer empty cells.
 */
export function wallGrid(n: number, width: number, height: number, gap = 0): WallGrid {
  if (n <= 1) return { cols: 1, rows: 1 };
  let best = { cols: 1, rows: n, side: -1, empty: 0 };
  for (let cols = 1; cols <= n; cols += 1) {
    const rows = Math.ceil(n / cols);
    const w = (width - gap * (cols - 1)) / cols;
    const h = (height - gap * (rows - 1)) / rows;
    const side = Math.min(w, h);
    const empty = cols * rows - n;
    if (side > best.side + 0.5 || (Math.abs(side - best.side) <= 0.5 && empty < best.empty)) best = { cols, rows, side, empty };
  }
  return { cols: best.cols, rows: best.rows };
}

/** Whole seconds from `since` (ISO) to `now` (epoch ms); null without a start. */
export function secondsSince(since: string | null | undefined, now: number): number | null {
  if (!since) return null;
  const t = Date.parse(since);
  return Number.isNaN(t) ? null : Math.max(0, Math.floor((now - t) / 1000));
}

/** How a number is written in the user's language (react-intl's `formatNumber`). */
export type FormatNumber = (n: number, o?: { minimumIntegerDigits?: number; useGrouping?: boolean }) => string;

/** A running time as `h:mm:ss` (hours go on past 24), digits in the user's language. */
export function elapsed(seconds: number, formatNumber: FormatNumber): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => formatNumber(n, { minimumIntegerDigits: 2, useGrouping: false });
  return `${formatNumber(Math.floor(s / 3600), { useGrouping: false })}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: string, zone: string, kind: 'clock' | 'time' | 'date'): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${kind}`;
  let f = formats.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'clock'
        ? { hour: '2-digit', minute: '2-digit', second: '2-digit' }
        : kind === 'time'
          ? { hour: '2-digit', minute: '2-digit' }
          : { weekday: 'long', day: 'numeric', month: 'long' };
    try {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    } catch {
      // A zone the browser does not know: UTC, and the zone's name beside it says which.
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    }
    formats.set(key, f);
  }
  return f;
}

/** The plant's wall clock in `zone`: time with seconds, and the date. */
export function plantClock(now: number | Date, zone: string, locale: string): { time: string; date: string } {
  return { time: format(locale, zone, 'clock').format(now), date: format(locale, zone, 'date').format(now) };
}

/** A time of day in `zone` (`06:00`), for shift spans and state starts. */
export function plantTime(at: number | string | Date, zone: string, locale: string): string {
  return format(locale, zone, 'time').format(typeof at === 'string' ? Date.parse(at) : at);
}
