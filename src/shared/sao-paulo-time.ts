/**
 * The club's calendar: São Paulo dates and times, the one place that turns an instant into a São
 * Paulo day or month and back (docs/decisions/038-one-home-per-money-and-time-rule.md). Everything
 * goes through the time-zone database (`Intl`, zone `America/Sao_Paulo`), never a fixed offset: the
 * zone has kept UTC−3 all year since 2019, but its past years had daylight saving and a future law
 * may bring it back. The database's triggers read the São Paulo month from the table
 * `sao_paulo_months`, written from this module by a migration (db/sao-paulo-months.test.ts checks it).
 */
export const TIME_ZONE = 'America/Sao_Paulo';

const wallClockFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hourCycle: 'h23',
});

/** What a São Paulo clock and calendar read at an instant (month 1–12). */
export interface SaoPauloWallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** How far São Paulo's wall clock is ahead of UTC at an instant (negative: behind), in ms, by `Intl`. */
function zoneOffset(ms: number): number {
  const w = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of wallClockFormat.formatToParts(ms)) {
    if (part.type in w) w[part.type as keyof SaoPauloWallClock] = Number(part.value);
  }
  const wholeSecond = ms - (((ms % 1000) + 1000) % 1000);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - wholeSecond;
}

/** An hour, in ms: the one constant for "N hours from now" spans (link deadlines, hourly allowances). */
export const HOUR_MS = 3_600_000;

/**
 * A day of 24 hours, in ms: the one constant for "N days from now" spans (session lifetimes, list
 * filters, a subscription's 365 days). A São Paulo calendar day is a different thing when the offset
 * changes: for those, use the functions below.
 */
export const DAY_MS = 24 * HOUR_MS;

/**
 * The offset of each UTC day already seen, or null for a day the offset changed in. `Intl` is the
 * slow part of a CSV of 100,000 rows and of the month-totals triggers; a day's offset is asked of
 * it twice (at its first and last second), then read from here. Zones change offset at most a few
 * times a year, never twice within a day.
 */
const dayOffsets = new Map<number, number | null>();
const DAY_OFFSETS_KEPT = 8192;

function offsetAt(ms: number): number {
  const day = Math.floor(ms / DAY_MS);
  let offset = dayOffsets.get(day);
  if (offset === undefined) {
    const first = zoneOffset(day * DAY_MS);
    offset = first === zoneOffset((day + 1) * DAY_MS - 1000) ? first : null;
    if (dayOffsets.size >= DAY_OFFSETS_KEPT) dayOffsets.clear();
    dayOffsets.set(day, offset);
  }
  return offset ?? zoneOffset(ms);
}

export function saoPauloWallClock(at: Date | number): SaoPauloWallClock {
  const ms = typeof at === 'number' ? at : at.getTime();
  const local = new Date(ms + offsetAt(ms));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/**
 * The instant a São Paulo clock reads the given date and time. Fields may overflow as with
 * `Date.UTC` (month 13 is January of the next year, day 0 the last day of the month before).
 */
export function saoPauloInstant(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const first = asUtc - offsetAt(asUtc);
  if (first + offsetAt(first) === asUtc) return new Date(first);
  // Near a change of offset: the instant that reads the time, or for a time the clocks skipped (a
  // daylight saving jump) the first instant after the jump.
  const second = asUtc - offsetAt(first);
  return new Date(second + offsetAt(second) === asUtc ? second : Math.max(first, second));
}

/** Start of the São Paulo day holding `at`, or of the day `days` after it. */
export function saoPauloDayStart(at: Date, days = 0): Date {
  const { year, month, day } = saoPauloWallClock(at);
  return saoPauloInstant(year, month, day + days);
}

/** Start of the São Paulo month holding `at`, or of the month `months` after it. */
export function saoPauloMonthStart(at: Date, months = 0): Date {
  const { year, month } = saoPauloWallClock(at);
  return saoPauloInstant(year, month + months, 1);
}

/** The São Paulo month holding `at` as yyyymm (the key of `payment_month_totals`). */
export function saoPauloMonthNumber(at: Date | number): number {
  const { year, month } = saoPauloWallClock(at);
  return year * 100 + month;
}

/** Whole São Paulo calendar days from the day holding `from` to the day holding `to`. */
export function saoPauloDaysBetween(from: Date, to: Date): number {
  const a = saoPauloWallClock(from);
  const b = saoPauloWallClock(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

/** YYYY-MM-DD of the São Paulo day holding `at` (a date input's value, a "once a day" key). */
export function saoPauloCalendarDay(at: Date | number): string {
  const { year, month, day } = saoPauloWallClock(at);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The São Paulo hour (0–23) at `at`. */
export function saoPauloHour(at: Date | number): number {
  return saoPauloWallClock(at).hour;
}

/** The next instant after `now` at which São Paulo's clock reads `hour`:`minute`. */
export function nextSaoPauloTime(now: Date, hour: number, minute: number): Date {
  const { year, month, day } = saoPauloWallClock(now);
  const today = saoPauloInstant(year, month, day, hour, minute);
  return today.getTime() > now.getTime() ? today : saoPauloInstant(year, month, day + 1, hour, minute);
}
