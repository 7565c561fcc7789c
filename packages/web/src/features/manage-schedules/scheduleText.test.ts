import {
  SCHEDULE_FREQUENCIES,
  scheduleRangeText,
  scheduleTimingText,
  type ScheduleTiming,
} from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { currentT } from '../../i18n/useT';
import { periodText, rangeText, timingText } from './scheduleText';

const timings: ScheduleTiming[] = SCHEDULE_FREQUENCIES.flatMap((frequency) =>
  [1, 3, 7].flatMap((weekday) =>
    (['period', 'last_days'] as const).map((range) => ({
      frequency,
      weekday,
      day: weekday * 4,
      time: '07:30',
      range,
      last_days: 14,
    })),
  ),
);

describe('a schedule in words', () => {
  it('reads in Chinese as core writes it', () => {
    const t = currentT();
    for (const timing of timings) {
      expect(timingText(timing, t)).toBe(scheduleTimingText(timing));
      expect(rangeText(timing, t)).toBe(scheduleRangeText(timing));
    }
  });

  it('shows a period by its days in the zone, its end exclusive', () => {
    const day = { start: Date.UTC(2026, 10, 25, 16), end: Date.UTC(2026, 10, 26, 16) };
    expect(periodText(day, 'Asia/Shanghai')).toBe('2026-11-26 ~ 2026-11-26');
    const week = { start: Date.UTC(2026, 10, 15, 16), end: Date.UTC(2026, 10, 22, 16) };
    expect(periodText(week, 'Asia/Shanghai')).toBe('2026-11-16 ~ 2026-11-22');
  });
});
