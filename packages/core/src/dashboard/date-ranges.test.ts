import { describe, expect, it } from 'vitest';
import {
  DATE_PRESETS,
  QUICK_RANGES,
  previousRange,
  rangeLabel,
  resolveCompareRange,
  resolveDatePreset,
  resolveQuickRange,
} from './date-ranges.js';

const TZ = 'Asia/Shanghai';
// Saturday 2026-11-21, 00:30 in Shanghai (still Friday in UTC).
const now = Date.UTC(2026, 10, 20, 16, 30);
const local = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) - 8 * 3_600_000;

describe('date presets in the project zone', () => {
  it('resolves each preset to whole local days, end exclusive', () => {
    const expected: Record<string, [number, number]> = {
      today: [local(2026, 11, 21), local(2026, 11, 22)],
      yesterday: [local(2026, 11, 20), local(2026, 11, 21)],
      this_week: [local(2026, 11, 16), local(2026, 11, 22)],
      this_month: [local(2026, 11, 1), local(2026, 11, 22)],
      last_month: [local(2026, 10, 1), local(2026, 11, 1)],
      last_7_days: [local(2026, 11, 15), local(2026, 11, 22)],
      last_7_days_t1: [local(2026, 11, 14), local(2026, 11, 21)],
      last_30_days: [local(2026, 10, 23), local(2026, 11, 22)],
      last_30_days_t1: [local(2026, 10, 22), local(2026, 11, 21)],
      last_3_months: [local(2026, 8, 22), local(2026, 11, 22)],
      last_6_months: [local(2026, 5, 22), local(2026, 11, 22)],
      last_1_year: [local(2025, 11, 22), local(2026, 11, 22)],
    };
    for (const preset of DATE_PRESETS) {
      const { start, end } = resolveDatePreset(preset, now, TZ);
      expect([preset, start, end]).toEqual([preset, ...expected[preset]!]);
    }
  });

  it('clamps month shifts to the end of a shorter month', () => {
    // On 2026-05-31 tomorrow is June 1st, and three months before it is March 1st.
    const may31 = Date.UTC(2026, 4, 31, 4);
    expect(resolveDatePreset('last_3_months', may31, TZ).start).toBe(local(2026, 3, 1));
    const aug30 = Date.UTC(2026, 7, 30, 4);
    // Tomorrow is Aug 31; six months back is Feb 28 (2026 is not a leap year).
    expect(resolveDatePreset('last_6_months', aug30, TZ).start).toBe(local(2026, 2, 28));
  });

  it('resolves quick ranges and compare ranges', () => {
    expect(resolveQuickRange('3d', now, TZ)).toEqual({
      start: local(2026, 11, 19),
      end: local(2026, 11, 22),
    });
    expect(resolveQuickRange('6m', now, TZ).start).toBe(local(2026, 5, 22));
    expect(resolveCompareRange('last_week', now, TZ)).toEqual({
      start: local(2026, 11, 9),
      end: local(2026, 11, 16),
    });
    expect(resolveCompareRange('month_before', now, TZ)).toEqual({
      start: local(2026, 9, 1),
      end: local(2026, 10, 1),
    });
    expect(previousRange({ start: 100, end: 160 })).toEqual({ start: 40, end: 100 });
  });

  it('keeps day boundaries at local midnight across a DST change', () => {
    const ny = 'America/New_York';
    // 2026-11-02 12:00 New York: clocks went back on Nov 1st.
    const after = Date.UTC(2026, 10, 2, 17);
    const { start, end } = resolveDatePreset('last_7_days', after, ny);
    expect(start).toBe(Date.UTC(2026, 9, 27, 4)); // Oct 27 00:00 EDT
    expect(end).toBe(Date.UTC(2026, 10, 3, 5)); // Nov 3 00:00 EST
  });
});

describe('rangeLabel', () => {
  it('names a range by its preset first, then by its quick range chip, else by nothing', () => {
    expect(rangeLabel(resolveDatePreset('last_month', now, TZ), now, TZ)).toBe('上月');
    // The 7天 chip's range is the 近7天 preset's.
    expect(rangeLabel(resolveQuickRange('7d', now, TZ), now, TZ)).toBe('近7天');
    expect(rangeLabel(resolveQuickRange('3d', now, TZ), now, TZ)).toBe('3天');
    expect(rangeLabel(resolveQuickRange('3d', now, TZ), now, TZ, ['today'])).toBe('3天');
    expect(rangeLabel({ start: local(2020, 10, 25), end: local(2026, 11, 1) }, now, TZ)).toBe(
      undefined,
    );
  });

  it('names every quick range chip', () => {
    for (const chip of QUICK_RANGES)
      expect(rangeLabel(resolveQuickRange(chip, now, TZ), now, TZ)).toBeTruthy();
  });
});
