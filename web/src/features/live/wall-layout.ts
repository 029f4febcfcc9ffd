/**
 * The wall display's arithmetic, kept apart from the page so it is unit-tested: how many
 * columns and rows of tiles fill a screen, a state's running time, and times in the plant's zone
 * (lib/plant-time with the line's `timeZone`, whatever zone the browser of the display is set to).
 */
import { knownZone, plantFormat, UTC } from '@/lib/plant-time';

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

/** How the wall reads instants in `zone`; a zone the browser does not know reads in UTC (the zone's name beside it says which). */
const wallFormat = (zone: string, locale: string) => plantFormat(locale, knownZone(zone) ? zone : UTC);

/** The plant's wall clock in `zone`: time with seconds, and the date. */
export function plantClock(now: number | Date, zone: string, locale: string): { time: string; date: string } {
  const f = wallFormat(zone, locale);
  return { time: f.seconds(now), date: f.longDate(now) };
}

/** A time of day in `zone` (`06:00`), for shift spans and state starts. */
export function plantTime(at: number | string | Date, zone: string, locale: string): string {
  return wallFormat(zone, locale).time(at);
}
