import { describe, expect, it } from 'vitest';
import { scheduleInput } from './schedule.js';
import {
  lastRunAtOrBefore,
  nextRunAfter,
  runPeriod,
  scheduleRangeText,
  scheduleTimingText,
} from './timing.js';

const SHANGHAI = 'Asia/Shanghai';
/** Epoch ms of a Shanghai wall clock (UTC+8 all year: no daylight saving since 1991). */
const cst = (iso: string) => Date.parse(`${iso}+08:00`);
const timing = (fields: object) =>
  scheduleInput.parse({ name: 't', page: 'home', frequency: 'daily', ...fields });

describe('schedule run times', () => {
  it('runs a daily schedule at its time each day, the same day when still ahead', () => {
    const daily = timing({ time: '08:00' });
    expect(nextRunAfter(daily, cst('2026-11-27T07:59:00'), SHANGHAI)).toBe(
      cst('2026-11-27T08:00:00'),
    );
    expect(nextRunAfter(daily, cst('2026-11-27T08:00:00'), SHANGHAI)).toBe(
      cst('2026-11-28T08:00:00'),
    );
    expect(lastRunAtOrBefore(daily, cst('2026-11-27T08:00:00'), SHANGHAI)).toBe(
      cst('2026-11-27T08:00:00'),
    );
  });

  it('runs a weekly schedule on its weekday across a year end', () => {
    // 2026-12-28 is a Monday; the next Monday is in 2027.
    const monday = timing({ frequency: 'weekly', weekday: 1, time: '09:30' });
    expect(nextRunAfter(monday, cst('2026-12-28T09:30:00'), SHANGHAI)).toBe(
      cst('2027-01-04T09:30:00'),
    );
    const sunday = timing({ frequency: 'weekly', weekday: 7, time: '23:59' });
    expect(nextRunAfter(sunday, cst('2026-11-27T00:00:00'), SHANGHAI)).toBe(
      cst('2026-11-29T23:59:00'),
    );
  });

  it('runs a day-31 monthly schedule on the last day of shorter months, leap years too', () => {
    const monthEnd = timing({ frequency: 'monthly', day: 31, time: '08:00' });
    const runs: string[] = [];
    let at = cst('2027-12-31T09:00:00');
    for (let i = 0; i < 4; i += 1) {
      at = nextRunAfter(monthEnd, at, SHANGHAI);
      runs.push(new Date(at + 8 * 3_600_000).toISOString().slice(0, 10));
    }
    expect(runs).toEqual(['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30']);
    expect(lastRunAtOrBefore(monthEnd, cst('2027-03-15T00:00:00'), SHANGHAI)).toBe(
      cst('2027-02-28T08:00:00'),
    );
  });

  it('keeps the local time across a daylight-saving change', () => {
    // New York moved its clocks forward on 2026-03-08: 08:00 is 13:00 UTC before, 12:00 after.
    const daily = timing({ time: '08:00' });
    const zone = 'America/New_York';
    const before = nextRunAfter(daily, Date.parse('2026-03-07T00:00:00Z'), zone);
    expect(new Date(before).toISOString()).toBe('2026-03-07T13:00:00.000Z');
    const after = nextRunAfter(daily, before, zone);
    expect(new Date(after).toISOString()).toBe('2026-03-08T12:00:00.000Z');
  });
});

describe('schedule periods', () => {
  it('reports 昨天, 上周 and 上月 of the run, whole local days', () => {
    const runAt = cst('2026-03-02T08:00:00'); // a Monday
    expect(runPeriod(timing({}), runAt, SHANGHAI)).toEqual({
      start: cst('2026-03-01T00:00:00'),
      end: cst('2026-03-02T00:00:00'),
    });
    expect(runPeriod(timing({ frequency: 'weekly' }), runAt, SHANGHAI)).toEqual({
      start: cst('2026-02-23T00:00:00'),
      end: cst('2026-03-02T00:00:00'),
    });
    expect(runPeriod(timing({ frequency: 'monthly' }), runAt, SHANGHAI)).toEqual({
      start: cst('2026-02-01T00:00:00'),
      end: cst('2026-03-01T00:00:00'),
    });
  });

  it('reports the last N whole days before the run’s day', () => {
    const lastWeek = timing({ range: 'last_days', last_days: 7 });
    expect(runPeriod(lastWeek, cst('2026-03-02T08:00:00'), SHANGHAI)).toEqual({
      start: cst('2026-02-23T00:00:00'),
      end: cst('2026-03-02T00:00:00'),
    });
  });

  it('names its times and range in Chinese', () => {
    expect(scheduleTimingText(timing({ frequency: 'weekly', weekday: 3 }))).toBe('每周三 08:00');
    expect(scheduleTimingText(timing({ frequency: 'monthly', day: 31, time: '07:05' }))).toBe(
      '每月 31 日 07:05',
    );
    expect(scheduleRangeText(timing({ frequency: 'monthly' }))).toBe('上月');
    expect(scheduleRangeText(timing({ range: 'last_days', last_days: 3 }))).toBe('近 3 天');
  });

  it('refuses a time that is not HH:mm, and repeated formats, with Chinese messages', () => {
    const bad = scheduleInput.safeParse({
      name: 't',
      page: 'home',
      frequency: 'daily',
      time: '8点',
      formats: ['pdf', 'pdf'],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual([
      '时间应为 HH:mm，如 08:00',
      '文件格式重复',
    ]);
  });
});
