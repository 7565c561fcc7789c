import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUTO_INTERVAL_LIMITS,
  autoInterval,
  bucketStart,
  localParts,
  nextBucket,
  parseCreated,
  type BucketInterval,
} from './zoned-time.js';

const SH = 'Asia/Shanghai';
const NY = 'America/New_York';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (iso: string) => Date.parse(iso);
const INTERVALS: BucketInterval[] = ['hour', 'day', 'week', 'month', 'year'];

describe('localParts', () => {
  it('reads the local calendar, weekday 0 = Monday', () => {
    expect(localParts(at('2024-12-29T16:00:00Z'), SH)).toEqual({
      year: 2024,
      month: 12,
      day: 30,
      hour: 0,
      minute: 0,
      second: 0,
      weekday: 0,
    });
    // Sunday late evening in New York is already Monday morning in Shanghai.
    expect(localParts(at('2024-03-11T02:30:15Z'), NY)).toMatchObject({
      day: 10,
      hour: 22,
      minute: 30,
      second: 15,
      weekday: 6,
    });
    expect(localParts(at('2024-03-11T02:30:15Z'), SH)).toMatchObject({ day: 11, weekday: 0 });
  });

  it('shows both readings of the hour New York repeats', () => {
    expect(localParts(at('2024-11-03T05:30:00Z'), NY).hour).toBe(1); // EDT
    expect(localParts(at('2024-11-03T06:30:00Z'), NY).hour).toBe(1); // EST
  });

  it('handles years before 1 AD and rejects unknown zones', () => {
    const d = new Date(0);
    d.setUTCFullYear(-1, 5, 15);
    expect(localParts(d.getTime(), 'UTC')).toMatchObject({ year: -1, month: 6, day: 15 });
    expect(() => localParts(0, 'Mars/Olympus')).toThrow('未知的时区');
  });
});

describe('bucketStart and nextBucket', () => {
  it('Asia/Shanghai: midnight, Monday, month and year at +08:00', () => {
    const t = at('2025-01-01T10:20:30.400+08:00'); // a Wednesday
    expect(bucketStart(t, 'hour', SH)).toBe(at('2025-01-01T10:00:00+08:00'));
    expect(bucketStart(t, 'day', SH)).toBe(at('2025-01-01T00:00:00+08:00'));
    expect(bucketStart(t, 'week', SH)).toBe(at('2024-12-30T00:00:00+08:00'));
    expect(bucketStart(t, 'month', SH)).toBe(at('2025-01-01T00:00:00+08:00'));
    expect(bucketStart(t, 'year', SH)).toBe(at('2025-01-01T00:00:00+08:00'));
    expect(nextBucket(at('2024-12-30T00:00:00+08:00'), 'week', SH)).toBe(
      at('2025-01-06T00:00:00+08:00'),
    );
  });

  it('puts an instant exactly at local midnight in the new bucket, a millisecond before in the old', () => {
    const midnight = at('2024-03-01T00:00:00+08:00');
    expect(bucketStart(midnight, 'day', SH)).toBe(midnight);
    expect(bucketStart(midnight - 1, 'day', SH)).toBe(at('2024-02-29T00:00:00+08:00'));
    expect(bucketStart(midnight - 1, 'month', SH)).toBe(at('2024-02-01T00:00:00+08:00'));
    expect(nextBucket(at('2024-02-01T00:00:00+08:00'), 'month', SH)).toBe(midnight);
    expect(bucketStart(at('2025-01-01T00:00:00+08:00') - 1, 'year', SH)).toBe(
      at('2024-01-01T00:00:00+08:00'),
    );
    expect(nextBucket(at('2024-01-01T00:00:00+08:00'), 'year', SH)).toBe(
      at('2025-01-01T00:00:00+08:00'),
    );
    expect(nextBucket(at('2024-12-01T00:00:00+08:00'), 'month', SH)).toBe(
      at('2025-01-01T00:00:00+08:00'),
    );
  });

  it('America/New_York: the spring-forward day is 23 hours, the fall-back day 25', () => {
    const march10 = bucketStart(at('2024-03-10T12:00:00-04:00'), 'day', NY);
    expect(march10).toBe(at('2024-03-10T00:00:00-05:00'));
    expect(nextBucket(march10, 'day', NY) - march10).toBe(23 * HOUR);
    const nov3 = bucketStart(at('2024-11-03T12:00:00-05:00'), 'day', NY);
    expect(nov3).toBe(at('2024-11-03T00:00:00-04:00'));
    expect(nextBucket(nov3, 'day', NY) - nov3).toBe(25 * HOUR);
    // Weeks and months across the change keep local midnight.
    expect(bucketStart(at('2024-03-13T09:00:00-04:00'), 'week', NY)).toBe(
      at('2024-03-11T00:00:00-04:00'),
    );
    expect(nextBucket(at('2024-03-04T00:00:00-05:00'), 'week', NY)).toBe(
      at('2024-03-11T00:00:00-04:00'),
    );
    expect(nextBucket(at('2024-03-01T00:00:00-05:00'), 'month', NY)).toBe(
      at('2024-04-01T00:00:00-04:00'),
    );
    expect(nextBucket(at('2024-11-01T00:00:00-04:00'), 'month', NY)).toBe(
      at('2024-12-01T00:00:00-05:00'),
    );
  });

  it('America/New_York hours: the skipped hour is absent, the repeated hour is two buckets', () => {
    const hours = (from: string, count: number) => {
      const list = [bucketStart(at(from), 'hour', NY)];
      while (list.length < count) list.push(nextBucket(list[list.length - 1]!, 'hour', NY));
      return list.map((ms) => {
        const p = localParts(ms, NY);
        return `${p.hour}:${String(p.minute).padStart(2, '0')} ${new Date(ms).toISOString()}`;
      });
    };
    expect(hours('2024-03-10T01:20:00-05:00', 3)).toEqual([
      '1:00 2024-03-10T06:00:00.000Z',
      '3:00 2024-03-10T07:00:00.000Z',
      '4:00 2024-03-10T08:00:00.000Z',
    ]);
    expect(hours('2024-11-03T00:20:00-04:00', 4)).toEqual([
      '0:00 2024-11-03T04:00:00.000Z',
      '1:00 2024-11-03T05:00:00.000Z',
      '1:00 2024-11-03T06:00:00.000Z',
      '2:00 2024-11-03T07:00:00.000Z',
    ]);
    expect(bucketStart(at('2024-11-03T01:30:00-05:00'), 'hour', NY)).toBe(
      at('2024-11-03T01:00:00-05:00'),
    );
    expect(bucketStart(at('2024-11-03T01:30:00-04:00'), 'hour', NY)).toBe(
      at('2024-11-03T01:00:00-04:00'),
    );
  });

  it('starts a day at the change when midnight itself is skipped (America/Santiago)', () => {
    // Chile springs forward from 00:00 to 01:00 on 2024-09-08.
    const start = bucketStart(at('2024-09-08T12:00:00-03:00'), 'day', 'America/Santiago');
    expect(start).toBe(at('2024-09-08T01:00:00-03:00'));
    expect(localParts(start - 1, 'America/Santiago')).toMatchObject({ day: 7, hour: 23 });
    expect(nextBucket(at('2024-09-07T00:00:00-04:00'), 'day', 'America/Santiago')).toBe(start);
  });

  const ZONES = [
    SH,
    NY,
    'UTC',
    'Europe/London',
    'America/Santiago',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Australia/Lord_Howe',
  ];
  // 2023-01-01 … 2026-01-01, with bias towards instants near hours.
  const instant = fc.oneof(
    fc.integer({ min: at('2023-01-01T00:00:00Z'), max: at('2026-01-01T00:00:00Z') }),
    fc
      .tuple(fc.integer({ min: 0, max: 3 * 366 * 24 }), fc.constantFrom(0, -1, 1, 30 * 60_000))
      .map(([hours, delta]) => at('2023-01-01T00:00:00Z') + hours * HOUR + delta),
  );

  it('every instant lies in [bucketStart, nextBucket), and buckets tile the line', () => {
    fc.assert(
      fc.property(
        instant,
        fc.constantFrom(...ZONES),
        fc.constantFrom(...INTERVALS),
        (t, tz, iv) => {
          const start = bucketStart(t, iv, tz);
          const next = nextBucket(start, iv, tz);
          expect(start).toBeLessThanOrEqual(t);
          expect(next).toBeGreaterThan(t);
          expect(bucketStart(start, iv, tz)).toBe(start);
          expect(bucketStart(next - 1, iv, tz)).toBe(start);
          expect(bucketStart(next, iv, tz)).toBe(next);
          expect(nextBucket(t, iv, tz)).toBe(next);
          if (iv !== 'hour') {
            const first = localParts(start, tz);
            const last = localParts(next - 1, tz);
            expect(localParts(start - 1, tz).day).not.toBe(first.day);
            if (iv === 'day')
              expect([last.year, last.month, last.day]).toEqual([
                first.year,
                first.month,
                first.day,
              ]);
            if (iv === 'week') expect(first.weekday).toBe(0);
            if (iv === 'month' || iv === 'year') expect(first.day).toBe(1);
            if (iv === 'year') expect(first.month).toBe(1);
          }
          const length = next - start;
          const bounds = {
            hour: [0.5, 1.5],
            day: [22, 26],
            week: [166, 170],
            month: [670, 746],
            year: [8758, 8786],
          }[iv];
          expect(length).toBeGreaterThanOrEqual(bounds[0]! * HOUR);
          expect(length).toBeLessThanOrEqual(bounds[1]! * HOUR);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('autoInterval', () => {
  it('picks by the range length, limits inclusive', () => {
    const t = at('2024-01-01T00:00:00Z');
    expect(autoInterval(t, t)).toBe('hour');
    expect(autoInterval(t, t + 2 * DAY)).toBe('hour');
    expect(autoInterval(t, t + 2 * DAY + 1)).toBe('day');
    expect(autoInterval(t, t + 92 * DAY)).toBe('day');
    expect(autoInterval(t, t + 92 * DAY + 1)).toBe('week');
    expect(autoInterval(t, t + 366 * DAY)).toBe('week');
    expect(autoInterval(t, t + 366 * DAY + 1)).toBe('month');
    expect(autoInterval(t, t + AUTO_INTERVAL_LIMITS.month)).toBe('month');
    expect(autoInterval(t, t + AUTO_INTERVAL_LIMITS.month + 1)).toBe('year');
  });
});

describe('parseCreated', () => {
  it('takes numbers as epoch ms', () => {
    expect(parseCreated(1_710_000_000_123, SH)).toBe(1_710_000_000_123);
    expect(parseCreated(1.9, SH)).toBe(1);
    expect(() => parseCreated(Number.NaN, SH)).toThrow('created 不是有效的时间');
    expect(() => parseCreated(Number.POSITIVE_INFINITY, SH)).toThrow('不是有限的数字');
  });

  it('takes ISO strings with a zone as given', () => {
    expect(parseCreated('2024-03-10T08:30:00Z', NY)).toBe(at('2024-03-10T08:30:00Z'));
    expect(parseCreated('2024-03-10T08:30:00+08:00', NY)).toBe(at('2024-03-10T00:30:00Z'));
    expect(parseCreated('2024-03-10T08:30:00+0800', NY)).toBe(at('2024-03-10T00:30:00Z'));
    expect(parseCreated('2024-03-10T08:30+08', NY)).toBe(at('2024-03-10T00:30:00Z'));
    expect(parseCreated('2024-03-10 08:30:00.123456-05:30', SH)).toBe(
      at('2024-03-10T14:00:00.123Z'),
    );
  });

  it('reads ISO strings without a zone as wall-clock time in the zone', () => {
    expect(parseCreated('2024-03-10T08:30:00', SH)).toBe(at('2024-03-10T00:30:00Z'));
    expect(parseCreated('2024-03-10 08:30', SH)).toBe(at('2024-03-10T00:30:00Z'));
    expect(parseCreated('2024-03-10', SH)).toBe(at('2024-03-09T16:00:00Z'));
    expect(parseCreated('2024-03-10T08:30:00.5', NY)).toBe(at('2024-03-10T12:30:00.500Z'));
    expect(parseCreated('2024-07-01T00:00:00', NY)).toBe(at('2024-07-01T04:00:00Z'));
    // Skipped by the change: moved forward an hour. Repeated: the first (EDT) reading.
    expect(parseCreated('2024-03-10T02:30:00', NY)).toBe(at('2024-03-10T07:30:00Z'));
    expect(parseCreated('2024-11-03T01:30:00', NY)).toBe(at('2024-11-03T05:30:00Z'));
  });

  it('says in Chinese what is wrong', () => {
    expect(() => parseCreated('yesterday', SH)).toThrow(
      'created 不是有效的时间: "yesterday"（应为毫秒时间戳或 ISO 8601 时间',
    );
    expect(() => parseCreated('2023-02-29', SH)).toThrow('2023-02 没有第 29 日');
    expect(() => parseCreated('2024-13-01', SH)).toThrow('月份 13 不存在');
    expect(() => parseCreated('2024-01-01T24:00:00', SH)).toThrow('时、分或秒超出范围');
    expect(() => parseCreated('2024-01-01T08:00:00+25:00', SH)).toThrow('时区偏移');
    expect(() => parseCreated('1710000000000', SH)).toThrow('created 不是有效的时间');
    expect(() => parseCreated('', SH)).toThrow('created 不是有效的时间');
  });
});
