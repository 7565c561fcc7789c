import { resolveCompareRange, shiftDays, type DateRange } from '../dashboard/date-ranges.js';
import { bucketStart, localInstant, localParts } from '../posts/zoned-time.js';
import type { ScheduleInput } from './schedule.js';

/** What fixes a schedule's run times and periods. */
export type ScheduleTiming = Pick<
  ScheduleInput,
  'frequency' | 'weekday' | 'day' | 'time' | 'range' | 'last_days'
>;

const WEEKDAY_NAMES = ['一', '二', '三', '四', '五', '六', '日'] as const;
/** A month holds a run at most 31 days after the last, so this many days always find one. */
const SEARCH_DAYS = 32;

/** The calendar day `offset` days after a local date (the proleptic calendar, no zone). */
function calendarDay(year: number, month: number, day: number, offset: number) {
  const date = new Date(Date.UTC(year, month - 1, day + offset));
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    /** 1 = Monday … 7 = Sunday. */
    weekday: ((date.getUTCDay() + 6) % 7) + 1,
  };
}

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Whether a schedule runs on a local calendar day. */
function runsOn(timing: ScheduleTiming, date: ReturnType<typeof calendarDay>): boolean {
  switch (timing.frequency) {
    case 'daily':
      return true;
    case 'weekly':
      return date.weekday === timing.weekday;
    case 'monthly':
      // Day 31 in a 30-day month (or 29–31 in February) sends on the month's last day.
      return date.day === Math.min(timing.day, daysInMonth(date.year, date.month));
  }
}

/** The run times around `at`, `direction` 1 forward, −1 backward, nearest first. */
function* runTimes(timing: ScheduleTiming, at: number, timeZone: string, direction: 1 | -1) {
  const [hour, minute] = timing.time.split(':').map(Number) as [number, number];
  const local = localParts(at, timeZone);
  for (let offset = -direction; Math.abs(offset) <= SEARCH_DAYS + 1; offset += direction) {
    const date = calendarDay(local.year, local.month, local.day, offset);
    if (runsOn(timing, date)) yield localInstant({ ...date, hour, minute }, timeZone);
  }
}

/** The first run time after `after` (exclusive). */
export function nextRunAfter(timing: ScheduleTiming, after: number, timeZone: string): number {
  for (const at of runTimes(timing, after, timeZone, 1)) if (at > after) return at;
  throw new RangeError('no run time within a month');
}

/** The last run time at or before `at`: the one a late server catches up with, once. */
export function lastRunAtOrBefore(timing: ScheduleTiming, at: number, timeZone: string): number {
  for (const runAt of runTimes(timing, at, timeZone, -1)) if (runAt <= at) return runAt;
  throw new RangeError('no run time within a month');
}

const PERIOD_OF = { daily: 'yesterday', weekly: 'last_week', monthly: 'last_month' } as const;

/** The range a run at `runAt` reports on: 昨天 / 上周 / 上月, or the last N whole days. */
export function runPeriod(timing: ScheduleTiming, runAt: number, timeZone: string): DateRange {
  if (timing.range === 'period')
    return resolveCompareRange(PERIOD_OF[timing.frequency], runAt, timeZone);
  const today = bucketStart(runAt, 'day', timeZone);
  return { start: shiftDays(today, -timing.last_days, timeZone), end: today };
}

/** '每天 08:00', '每周一 08:00', '每月 1 日 08:00'. */
export function scheduleTimingText(timing: ScheduleTiming): string {
  switch (timing.frequency) {
    case 'daily':
      return `每天 ${timing.time}`;
    case 'weekly':
      return `每周${WEEKDAY_NAMES[timing.weekday - 1]} ${timing.time}`;
    case 'monthly':
      return `每月 ${timing.day} 日 ${timing.time}`;
  }
}

const PERIOD_LABELS = { daily: '昨天', weekly: '上周', monthly: '上月' } as const;

/** '昨天', '上周', '上月' or '近 7 天'. */
export function scheduleRangeText(timing: ScheduleTiming): string {
  return timing.range === 'period' ? PERIOD_LABELS[timing.frequency] : `近 ${timing.last_days} 天`;
}
