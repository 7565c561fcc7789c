/**
 * Calendar arithmetic in an IANA time zone, for trend buckets, the heatmap and imports. Pure: only
 * `Intl.DateTimeFormat`, whose formatters are cached per zone because they are slow to create.
 *
 * Bucket boundaries are instants (epoch ms) where the local clock starts an hour, a day (midnight),
 * a week (Monday midnight), a month (the 1st) or a year (January 1st). Across DST a local day is 23
 * or 25 hours long. Two rules cover the rare clock changes that touch a boundary:
 * - a local time that occurs twice (clocks set back) starts the bucket at its first occurrence for
 *   days and longer; for hours each occurrence starts its own bucket, so on the day New York sets
 *   its clocks back, 01:00 EDT and 01:00 EST begin two one-hour buckets;
 * - a local time that is skipped (clocks set forward at that moment) is replaced by the instant
 *   of the change, the first instant whose local time is later.
 * In zones whose offsets are whole hours (Asia/Shanghai, America/New_York, …) hour buckets are
 * therefore plain UTC hours.
 */

export type BucketInterval = 'hour' | 'day' | 'week' | 'month' | 'year';

export interface LocalParts {
  year: number;
  /** 1 … 12. */
  month: number;
  /** 1 … 31. */
  day: number;
  /** 0 … 23. */
  hour: number;
  minute: number;
  second: number;
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The range of a JavaScript Date. */
const MAX_EPOCH_MS = 8_640_000_000_000_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        era: 'short',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      throw new RangeError(`未知的时区: ${timeZone}`);
    }
    formatters.set(timeZone, format);
  }
  return format;
}

const mod = (a: number, b: number) => ((a % b) + b) % b;

/**
 * Epoch ms of a wall-clock reading taken as UTC. Out-of-range fields roll over (day 0 is the last
 * day of the previous month, month 13 is January of the next year); years 0 … 99 stay themselves.
 */
function wallMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0) {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** The local calendar fields of an instant in `timeZone`. */
export function localParts(ms: number, timeZone: string): LocalParts {
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_EPOCH_MS)
    throw new RangeError(`时间超出范围: ${ms}`);
  const fields: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(ms)) fields[part.type] = part.value;
  const yearOfEra = Number(fields.year);
  // Years before 1 AD come as "1 BC" = year 0, "2 BC" = year -1 (proleptic, like Date).
  const year = fields.era === 'BC' || fields.era === 'B' ? 1 - yearOfEra : yearOfEra;
  const month = Number(fields.month);
  const day = Number(fields.day);
  const sundayFirst = new Date(wallMs(year, month, day)).getUTCDay();
  return {
    year,
    month,
    day,
    hour: Number(fields.hour),
    minute: Number(fields.minute),
    second: Number(fields.second),
    weekday: (sundayFirst + 6) % 7,
  };
}

/** The local wall clock of an instant, as epoch ms read as UTC (milliseconds kept). */
function wallOf(ms: number, timeZone: string): number {
  const p = localParts(ms, timeZone);
  return wallMs(p.year, p.month, p.day, p.hour, p.minute, p.second) + mod(ms, SECOND);
}

/** The zone's UTC offset at an instant, in ms (Asia/Shanghai: 8 hours). */
export const offsetAt = (ms: number, timeZone: string) => wallOf(ms, timeZone) - ms;

/**
 * The instants whose local wall clock reads `wall`, ascending: one, two when the clocks were set
 * back over it, none when they were set forward over it. Assumes at most one offset change within
 * a day of `wall`, as in every real zone.
 */
function instantsAt(wall: number, timeZone: string): number[] {
  const offsets = new Set([wall - DAY, wall, wall + DAY].map((probe) => offsetAt(probe, timeZone)));
  const found = [...offsets]
    .map((offset) => wall - offset)
    .filter((instant) => wallOf(instant, timeZone) === wall);
  return [...new Set(found)].sort((a, b) => a - b);
}

/** The first instant whose local clock reads `wall` or, when that reading was skipped, later. */
function firstAtOrAfter(wall: number, timeZone: string): number {
  const found = instantsAt(wall, timeZone);
  if (found.length > 0) return found[0]!;
  // Skipped: the clocks jumped from before `wall` to after it. Find that jump to the millisecond.
  const before = offsetAt(wall - DAY, timeZone);
  const after = offsetAt(wall + DAY, timeZone);
  let lo = wall - Math.max(before, after); // reads earlier than `wall`
  let hi = wall - Math.min(before, after); // reads later than `wall`
  if (wallOf(lo, timeZone) >= wall || wallOf(hi, timeZone) < wall) return hi;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (wallOf(mid, timeZone) >= wall) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * The instant a local wall clock reads the given time in `timeZone` (the first, when the clocks
 * were set back over it; the next existing one, when they were set forward over it).
 */
export function localInstant(
  parts: Pick<LocalParts, 'year' | 'month' | 'day' | 'hour' | 'minute'>,
  timeZone: string,
): number {
  return firstAtOrAfter(
    wallMs(parts.year, parts.month, parts.day, parts.hour, parts.minute),
    timeZone,
  );
}

/** The epoch ms of the local boundary of `interval` at or before `ms`. */
export function bucketStart(ms: number, interval: BucketInterval, timeZone: string): number {
  const p = localParts(ms, timeZone);
  switch (interval) {
    case 'hour': {
      const wall = wallMs(p.year, p.month, p.day, p.hour);
      const earlier = instantsAt(wall, timeZone).filter((instant) => instant <= ms);
      return earlier.length > 0 ? earlier[earlier.length - 1]! : firstAtOrAfter(wall, timeZone);
    }
    case 'day':
      return firstAtOrAfter(wallMs(p.year, p.month, p.day), timeZone);
    case 'week':
      return firstAtOrAfter(wallMs(p.year, p.month, p.day - p.weekday), timeZone);
    case 'month':
      return firstAtOrAfter(wallMs(p.year, p.month, 1), timeZone);
    case 'year':
      return firstAtOrAfter(wallMs(p.year, 1, 1), timeZone);
  }
}

/**
 * The boundary after the bucket starting at `bucketStartMs` (for any instant: the boundary after
 * the bucket holding it). DST-correct: a day may last 23 or 25 hours.
 */
export function nextBucket(bucketStartMs: number, interval: BucketInterval, timeZone: string) {
  const p = localParts(bucketStartMs, timeZone);
  switch (interval) {
    case 'hour': {
      const start = bucketStart(bucketStartMs, 'hour', timeZone);
      const plain = start + HOUR;
      // Usual case: the offset did not change within the hour and the next hour begins on time.
      if (
        offsetAt(plain, timeZone) === offsetAt(start, timeZone) &&
        mod(wallOf(plain, timeZone), HOUR) === 0
      )
        return plain;
      // Near an offset change, walk forward in quarter hours until a later hour begins.
      for (let step = 1; step <= 12; step++) {
        const next = bucketStart(start + step * 15 * MINUTE, 'hour', timeZone);
        if (next > start) return next;
      }
      return plain;
    }
    case 'day':
      return firstAtOrAfter(wallMs(p.year, p.month, p.day + 1), timeZone);
    case 'week':
      return firstAtOrAfter(wallMs(p.year, p.month, p.day - p.weekday + 7), timeZone);
    case 'month':
      return firstAtOrAfter(wallMs(p.year, p.month + 1, 1), timeZone);
    case 'year':
      return firstAtOrAfter(wallMs(p.year + 1, 1, 1), timeZone);
  }
}

/** Longest range (end - start) answered by each interval when a trend asks for `auto`. */
export const AUTO_INTERVAL_LIMITS = {
  /** Up to 2 days: at most 49 hourly points. */
  hour: 2 * DAY,
  /** Up to 92 days (a quarter): at most 93 daily points. */
  day: 92 * DAY,
  /** Up to 366 days: at most 54 weekly points. */
  week: 366 * DAY,
  /** Up to 5 × 366 days: at most 61 monthly points; anything longer is yearly. */
  month: 5 * 366 * DAY,
} as const;

/** The interval a trend over [start, end) uses for `auto`: see AUTO_INTERVAL_LIMITS. */
export function autoInterval(start: number, end: number): BucketInterval {
  const range = end - start;
  if (range <= AUTO_INTERVAL_LIMITS.hour) return 'hour';
  if (range <= AUTO_INTERVAL_LIMITS.day) return 'day';
  if (range <= AUTO_INTERVAL_LIMITS.week) return 'week';
  if (range <= AUTO_INTERVAL_LIMITS.month) return 'month';
  return 'year';
}

const ISO_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:\s*([Zz]|[+-]\d{2}(?::?\d{2})?))?)?$/;

const daysInMonth = (year: number, month: number) =>
  new Date(wallMs(year, month + 1, 0)).getUTCDate();

const invalid = (value: unknown, why: string) =>
  new Error(`created 不是有效的时间: ${JSON.stringify(value) ?? String(value)}（${why}）`);

/**
 * Epoch ms of an imported `created`. Numbers are epoch milliseconds (fractions dropped). Strings
 * are ISO 8601 — `2024-03-10`, `2024-03-10T08:30`, `2024-03-10 08:30:00.123`, optionally ending
 * in `Z` or an offset such as `+08:00`, `+0800`, `+08`. With a zone they mean that instant; without
 * one they are wall-clock time in `timeZone` (a date alone is its midnight). A wall-clock time that
 * occurs twice takes the first occurrence; one skipped by a DST change is moved forward by the
 * change (02:30 on the morning New York springs forward is 03:30 EDT), as JavaScript's Date does.
 * Anything else throws an Error saying, in Chinese, what is wrong.
 */
export function parseCreated(value: number | string, timeZone: string): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw invalid(value, '不是有限的数字');
    const ms = Math.floor(value);
    if (Math.abs(ms) > MAX_EPOCH_MS) throw invalid(value, '超出可表示的时间范围');
    return ms;
  }
  if (typeof value !== 'string') throw invalid(value, '应为毫秒时间戳或 ISO 8601 字符串');
  const match = ISO_TIME.exec(value.trim());
  if (!match) throw invalid(value, '应为毫秒时间戳或 ISO 8601 时间，如 2024-03-10T08:30:00+08:00');
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12) throw invalid(value, `月份 ${mo} 不存在`);
  if (day < 1 || day > daysInMonth(year, month)) throw invalid(value, `${y}-${mo} 没有第 ${d} 日`);
  if (hour > 23 || minute > 59 || second > 59) throw invalid(value, '时、分或秒超出范围');
  const millis = Number(fraction.slice(0, 3).padEnd(3, '0'));
  const wall = wallMs(year, month, day, hour, minute, second) + millis;
  let ms: number;
  if (zone === undefined) {
    ms = wallToEpoch(wall, timeZone);
  } else if (zone === 'Z' || zone === 'z') {
    ms = wall;
  } else {
    const digits = zone.slice(1).replace(':', '');
    const offsetHours = Number(digits.slice(0, 2));
    const offsetMinutes = Number(digits.slice(2) || '0');
    if (offsetHours > 23 || offsetMinutes > 59) throw invalid(value, `时区偏移 ${zone} 超出范围`);
    const offset = (zone.startsWith('-') ? -1 : 1) * (offsetHours * HOUR + offsetMinutes * MINUTE);
    ms = wall - offset;
  }
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_EPOCH_MS)
    throw invalid(value, '超出可表示的时间范围');
  return ms;
}

/** A wall-clock time in the zone: the first occurrence, or moved forward by a skip. */
function wallToEpoch(wall: number, timeZone: string): number {
  const whole = wall - mod(wall, SECOND);
  const found = instantsAt(whole, timeZone);
  if (found.length > 0) return found[0]! + mod(wall, SECOND);
  // Skipped: read the time with the offset in force before the change.
  return wall - offsetAt(whole - DAY, timeZone);
}
