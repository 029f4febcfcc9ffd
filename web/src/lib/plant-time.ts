/**
 * Plant time: every instant a screen shows, and every date-time a person types, is in the
 * LINE's time zone (its record's `timezone`), whatever the browser's zone; for every line at
 * once, in the lines' common zone, else in UTC, and the screen says which. Dates and numbers
 * read in the user's language, times on the 24-hour clock the shifts are configured in
 * (decision 79). The pickers' text is the language's numeric date and the time
 * ("26.11.2026 14:00" in German, "11/26/2026 14:00" in English); the api's instants stay
 * RFC 3339.
 */

export const UTC = 'UTC';

/** A line as the zone choice needs it (a `LineRef`). */
export interface ZonedLine {
  _id: string;
  timezone?: string | null;
}

const known = new Map<string, boolean>();

/** Whether `zone` is an IANA zone this browser knows. */
export function knownZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  let ok = known.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      ok = true;
    } catch {
      ok = false;
    }
    known.set(zone, ok);
  }
  return ok;
}

/** Formatters are costly to make: one per locale, zone and options, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(opts)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, opts);
    formatters.set(key, f);
  }
  return f;
}

/**
 * The zone a screen of `lineId` shows its times in: the line's; for every line (no line, `ALL`)
 * their common zone, else UTC. An unknown line or zone: UTC.
 */
export function zoneOf(lines: readonly ZonedLine[], lineId?: string | null): string {
  const line = lineId ? lines.find((l) => l._id === lineId) : undefined;
  if (line) return knownZone(line.timezone) ? line.timezone : UTC;
  const zones = new Set(lines.map((l) => l.timezone));
  const [only] = zones;
  return zones.size === 1 && knownZone(only) ? only : UTC;
}

type When = string | number | Date;

const toDate = (v: When): Date | null => {
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};

const TIME = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** The wall-clock fields of instant `at` in `zone`. */
function wallFields(at: Date, zone: string): { y: number; mo: number; d: number; h: number; mi: number; s: number } {
  const parts = formatter('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', second: '2-digit', ...TIME }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour') % 24, mi: get('minute'), s: get('second') };
}

/** How far `zone`'s wall clock is ahead of UTC at instant `ms`, in milliseconds. */
export function zoneOffsetMs(ms: number, zone: string): number {
  const f = wallFields(new Date(ms), zone);
  const wall = Date.UTC(f.y, f.mo - 1, f.d, f.h, f.mi, f.s);
  return wall - Math.floor(ms / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Instant `iso` as a wall time of `zone`, `2026-11-26T14:00` (a picker's value); '' when invalid. */
export function toZoneInput(iso: When | null | undefined, zone: string): string {
  const d = iso === null || iso === undefined || iso === '' ? null : toDate(iso);
  if (!d) return '';
  const f = wallFields(d, zone);
  return `${f.y}-${pad(f.mo)}-${pad(f.d)}T${pad(f.h)}:${pad(f.mi)}`;
}

/**
 * A wall time of `zone` (`2026-11-26T14:00`, seconds allowed) as an RFC 3339 instant; null when
 * not one. A time the clock skips (spring forward) moves on by the gap; one it repeats (autumn)
 * is its first instant.
 */
export function fromZoneInput(value: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s || 0);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  // The offset of the instants around it; the earlier one that reads back as `wall` wins.
  const candidates = [wall - zoneOffsetMs(wall - 86_400_000, zone), wall - zoneOffsetMs(wall + 86_400_000, zone)].sort((a, b) => a - b);
  const exact = candidates.find((c) => c + zoneOffsetMs(c, zone) === wall);
  return new Date(exact ?? candidates[1]).toISOString();
}

/** The start of the day of `zone` that holds instant `now`, as an instant. */
export function startOfZoneDay(now: Date, zone: string): Date {
  const f = wallFields(now, zone);
  return new Date(fromZoneInput(`${f.y}-${pad(f.mo)}-${pad(f.d)}T00:00`, zone) ?? now.toISOString());
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The last `days` days of `zone` up to the end of the day that holds `now`: from the start of
 * the day `days - 1` days before today to the start of tomorrow (a day of 23 or 25 hours
 * included), as RFC 3339 instants. A list's range when its URL names none.
 */
export function recentDays(now: Date, zone: string, days: number): { from: string; to: string } {
  const today = startOfZoneDay(now, zone);
  // Half a day inside the wanted day, so a daylight-saving change does not slip into the next.
  const from = startOfZoneDay(new Date(today.getTime() - (days - 1) * DAY_MS + 12 * HOUR_MS), zone);
  const to = startOfZoneDay(new Date(today.getTime() + DAY_MS + 12 * HOUR_MS), zone);
  return { from: from.toISOString(), to: to.toISOString() };
}

/** The order of day, month and year in `locale`'s numeric date, and its separator. */
function dateOrder(locale: string): { order: ('day' | 'month' | 'year')[]; sep: string } {
  const parts = formatter(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: UTC }).formatToParts(new Date(Date.UTC(2026, 10, 26)));
  const order = parts.filter((p) => p.type === 'day' || p.type === 'month' || p.type === 'year').map((p) => p.type as 'day' | 'month' | 'year');
  const sep = parts.find((p) => p.type === 'literal')?.value ?? '/';
  return { order: order.length === 3 ? order : ['year', 'month', 'day'], sep };
}

/** A picker's wall time (`2026-11-26T14:00`) as text of `locale` (`26.11.2026 14:00`); '' when none. */
export function formatInputText(wall: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(wall);
  if (!m) return '';
  const { order, sep } = dateOrder(locale);
  const fields = { year: m[1], month: m[2], day: m[3] };
  return `${order.map((k) => fields[k]).join(sep)} ${m[4]}:${m[5]}`;
}

/** What a picker's text looks like in `locale`, from `letters` (`DD.MM.YYYY hh:mm` in English letters). */
export function inputPattern(locale: string, letters = { day: 'DD', month: 'MM', year: 'YYYY', time: 'hh:mm' }): string {
  const { order, sep } = dateOrder(locale);
  return `${order.map((k) => letters[k]).join(sep)} ${letters.time}`;
}

/**
 * A picker's text as a wall time (`2026-11-26T14:00`): the language's numeric date (any of
 * `.`, `/`, `-` between its fields), then the time (`14:00`, `14.00`, or none: midnight); or the
 * ISO form `2026-11-26T14:00` / `2026-11-26 14:00`. Null when it is not a date.
 */
export function parseInputText(text: string, locale: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2})[:.](\d{2}))?$/.exec(t);
  let y: number, mo: number, d: number, h: number, mi: number;
  if (iso) {
    [y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    [h, mi] = [Number(iso[4] ?? 0), Number(iso[5] ?? 0)];
  } else {
    const m = /^(\d{1,4})[./-](\d{1,2})[./-](\d{1,4})(?:,?\s+(\d{1,2})(?:[:.](\d{2}))?)?$/.exec(t);
    if (!m) return null;
    const { order } = dateOrder(locale);
    const fields: Record<string, number> = {};
    order.forEach((k, i) => (fields[k] = Number(m[i + 1])));
    [y, mo, d] = [fields.year, fields.month, fields.day];
    if (y < 100) y += 2000;
    [h, mi] = [Number(m[4] ?? 0), Number(m[5] ?? 0)];
  }
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1000 || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return `${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}`;
}

/** How instants read in `locale` and `zone` (every screen's dates and times, charts included). */
export interface PlantFormat {
  zone: string;
  /** "26 Nov 2026, 14:00" ('' when not an instant; so for all of these). */
  dateTime: (at: When) => string;
  /** "26 Nov 2026, 14:00:05": when to the second (an audit trail's entries). */
  dateTimeSeconds: (at: When) => string;
  /** "26 Nov 2026". */
  date: (at: When) => string;
  /** "14:00". */
  time: (at: When) => string;
  /** "26 Nov, 14:00": a chart's axis and tooltip. */
  short: (at: When) => string;
  /** "26 Nov". */
  dayMonth: (at: When) => string;
  /** "14:00:05". */
  seconds: (at: When) => string;
  /** "Thursday, 26 November": a wall display's date. */
  longDate: (at: When) => string;
}

const formats = new Map<string, PlantFormat>();

export function plantFormat(locale: string, zone: string): PlantFormat {
  const key = `${locale}|${zone}`;
  const kept = formats.get(key);
  if (kept) return kept;
  const format = (opts: Intl.DateTimeFormatOptions) => (at: When) => {
    const d = toDate(at);
    return d ? formatter(locale, { timeZone: zone, ...opts }).format(d) : '';
  };
  const made: PlantFormat = {
    zone,
    dateTime: format({ year: 'numeric', month: 'short', day: 'numeric', ...TIME }),
    dateTimeSeconds: format({ year: 'numeric', month: 'short', day: 'numeric', ...TIME, second: '2-digit' }),
    date: format({ year: 'numeric', month: 'short', day: 'numeric' }),
    time: format(TIME),
    short: format({ month: 'short', day: 'numeric', ...TIME }),
    dayMonth: format({ month: 'short', day: 'numeric' }),
    seconds: format({ ...TIME, second: '2-digit' }),
    longDate: format({ weekday: 'long', day: 'numeric', month: 'long' }),
  };
  formats.set(key, made);
  return made;
}
