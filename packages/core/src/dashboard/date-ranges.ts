import { bucketStart, nextBucket } from '../posts/zoned-time.js';

/**
 * Named date ranges of spec 9, resolved in the project's time zone. A range is
 * `[start, end)` in epoch ms: `end` is exclusive and, for ranges that include today, the start of
 * tomorrow (so a post collected later today still falls inside).
 */
export const DATE_PRESETS = [
  'today',
  'yesterday',
  'this_week',
  'this_month',
  'last_month',
  'last_7_days',
  'last_7_days_t1',
  'last_30_days',
  'last_30_days_t1',
  'last_3_months',
  'last_6_months',
  'last_1_year',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export const QUICK_RANGES = ['today', 'yesterday', '3d', '7d', '30d', '3m', '6m'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

export const COMPARE_RANGES = ['yesterday', 'last_week', 'last_month', 'month_before'] as const;
export type CompareRange = (typeof COMPARE_RANGES)[number];

export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  today: '今天',
  yesterday: '昨天',
  this_week: '本周',
  this_month: '本月',
  last_month: '上月',
  last_7_days: '近7天',
  last_7_days_t1: '近7天(T-1)',
  last_30_days: '近30天',
  last_30_days_t1: '近30天(T-1)',
  last_3_months: '近3个月',
  last_6_months: '近6个月',
  last_1_year: '近1年',
};

export const QUICK_RANGE_LABELS: Record<QuickRange, string> = {
  today: '今天',
  yesterday: '昨天',
  '3d': '3天',
  '7d': '7天',
  '30d': '30天',
  '3m': '3个月',
  '6m': '6个月',
};

export const COMPARE_RANGE_LABELS: Record<CompareRange, string> = {
  yesterday: '昨天',
  last_week: '上周',
  last_month: '上月',
  month_before: '前月',
};

export interface DateRange {
  start: number;
  end: number;
}

const HOUR = 3_600_000;

/** The start of the local day `days` after the day starting at `dayStart` (DST-safe). */
export function shiftDays(dayStart: number, days: number, timeZone: string): number {
  return bucketStart(dayStart + days * 24 * HOUR + 12 * HOUR, 'day', timeZone);
}

/** The start of the local month `months` after the month starting at `monthStart`. */
function shiftMonths(monthStart: number, months: number, timeZone: string): number {
  let at = monthStart;
  const step = months >= 0 ? 1 : -1;
  for (let i = 0; i !== months; i += step)
    at =
      step > 0 ? nextBucket(at, 'month', timeZone) : bucketStart(at - 12 * HOUR, 'month', timeZone);
  return at;
}

/** Same local day, `months` earlier or later (clamped to the month's last day). */
function shiftMonthsKeepDay(dayStart: number, months: number, timeZone: string): number {
  const monthStart = bucketStart(dayStart, 'month', timeZone);
  const target = shiftMonths(monthStart, months, timeZone);
  const targetEnd = nextBucket(target, 'month', timeZone);
  const dayOffset = Math.round((dayStart - monthStart) / (24 * HOUR));
  const day = shiftDays(target, dayOffset, timeZone);
  return day >= targetEnd ? shiftDays(targetEnd, -1, timeZone) : day;
}

/** Resolves a preset at instant `now` in `timeZone`. */
export function resolveDatePreset(preset: DatePreset, now: number, timeZone: string): DateRange {
  const today = bucketStart(now, 'day', timeZone);
  const tomorrow = shiftDays(today, 1, timeZone);
  const daysBack = (days: number, end: number) => ({
    start: shiftDays(end, -days, timeZone),
    end,
  });
  switch (preset) {
    case 'today':
      return { start: today, end: tomorrow };
    case 'yesterday':
      return { start: shiftDays(today, -1, timeZone), end: today };
    case 'this_week':
      return { start: bucketStart(now, 'week', timeZone), end: tomorrow };
    case 'this_month':
      return { start: bucketStart(now, 'month', timeZone), end: tomorrow };
    case 'last_month': {
      const thisMonth = bucketStart(now, 'month', timeZone);
      return { start: shiftMonths(thisMonth, -1, timeZone), end: thisMonth };
    }
    case 'last_7_days':
      return daysBack(7, tomorrow);
    case 'last_7_days_t1':
      return daysBack(7, today);
    case 'last_30_days':
      return daysBack(30, tomorrow);
    case 'last_30_days_t1':
      return daysBack(30, today);
    case 'last_3_months':
      return { start: shiftMonthsKeepDay(tomorrow, -3, timeZone), end: tomorrow };
    case 'last_6_months':
      return { start: shiftMonthsKeepDay(tomorrow, -6, timeZone), end: tomorrow };
    case 'last_1_year':
      return { start: shiftMonthsKeepDay(tomorrow, -12, timeZone), end: tomorrow };
  }
}

/** Quick-range chips: the last N days or months up to the end of today. */
export function resolveQuickRange(range: QuickRange, now: number, timeZone: string): DateRange {
  const today = bucketStart(now, 'day', timeZone);
  const tomorrow = shiftDays(today, 1, timeZone);
  switch (range) {
    case 'today':
      return { start: today, end: tomorrow };
    case 'yesterday':
      return { start: shiftDays(today, -1, timeZone), end: today };
    case '3d':
      return { start: shiftDays(tomorrow, -3, timeZone), end: tomorrow };
    case '7d':
      return { start: shiftDays(tomorrow, -7, timeZone), end: tomorrow };
    case '30d':
      return { start: shiftDays(tomorrow, -30, timeZone), end: tomorrow };
    case '3m':
      return { start: shiftMonthsKeepDay(tomorrow, -3, timeZone), end: tomorrow };
    case '6m':
      return { start: shiftMonthsKeepDay(tomorrow, -6, timeZone), end: tomorrow };
  }
}

/**
 * The name a range goes by at `now`: the first of `presets` that resolves to it, else the quick
 * range chip that does ('3天'); undefined for any other range (a custom one).
 */
export function rangeLabel(
  range: DateRange,
  now: number,
  timeZone: string,
  presets: readonly DatePreset[] = DATE_PRESETS,
): string | undefined {
  const same = (other: DateRange) => other.start === range.start && other.end === range.end;
  const preset = presets.find((name) => same(resolveDatePreset(name, now, timeZone)));
  if (preset) return DATE_PRESET_LABELS[preset];
  const quick = QUICK_RANGES.find((name) => same(resolveQuickRange(name, now, timeZone)));
  return quick && QUICK_RANGE_LABELS[quick];
}

/** The comparison range for a compare chart, relative to `now`. */
export function resolveCompareRange(range: CompareRange, now: number, timeZone: string): DateRange {
  const today = bucketStart(now, 'day', timeZone);
  const thisWeek = bucketStart(now, 'week', timeZone);
  const thisMonth = bucketStart(now, 'month', timeZone);
  switch (range) {
    case 'yesterday':
      return { start: shiftDays(today, -1, timeZone), end: today };
    case 'last_week':
      return { start: shiftDays(thisWeek, -7, timeZone), end: thisWeek };
    case 'last_month':
      return { start: shiftMonths(thisMonth, -1, timeZone), end: thisMonth };
    case 'month_before':
      return {
        start: shiftMonths(thisMonth, -2, timeZone),
        end: shiftMonths(thisMonth, -1, timeZone),
      };
  }
}

/** The range of equal length just before `range` (what previous-period statistics compare to). */
export function previousRange(range: DateRange): DateRange {
  return { start: range.start - (range.end - range.start), end: range.start };
}
