import { bucketStart, nextBucket, type BucketInterval } from '@yuqing/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketStarts, filledSeriesTrend, filledTrend } from './buckets.js';

const INTERVALS: BucketInterval[] = ['hour', 'day', 'week', 'month', 'year'];
const ZONES = ['Asia/Shanghai', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe'];
const SPAN = { hour: 400, day: 400, week: 200, month: 60, year: 8 };
const UNIT = { hour: 3.6e6, day: 8.64e7, week: 6.048e8, month: 2.6e9, year: 3.16e10 };

/** The buckets as core walks them, one Intl-backed step at a time. */
function walked(timeZone: string, range: { start: number; end: number }, interval: BucketInterval) {
  const starts: number[] = [];
  for (
    let time = bucketStart(range.start, interval, timeZone);
    time < range.end;
    time = nextBucket(time, interval, timeZone)
  )
    starts.push(time);
  return starts;
}

describe('bucketStarts', () => {
  it("agrees with core's walk in zones with and without clock changes", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ZONES),
        fc.constantFrom(...INTERVALS),
        fc.integer({ min: Date.UTC(2019, 0, 1), max: Date.UTC(2026, 0, 1) }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (timeZone, interval, start, share) => {
          const range = { start, end: start + Math.round(share * SPAN[interval] * UNIT[interval]) };
          expect(await bucketStarts(timeZone, range, interval)).toEqual(
            walked(timeZone, range, interval),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('counts a year bucket from its own start, under the offset it had then', async () => {
    // July to September keeps New York's summer offset; the year bucket starts in winter.
    const range = { start: Date.UTC(2024, 6, 1), end: Date.UTC(2024, 8, 1) };
    expect(await bucketStarts('America/New_York', range, 'year')).toEqual([
      Date.UTC(2024, 0, 1, 5),
    ]);
  });
});

describe('filled trends', () => {
  it('gives every bucket, a bucket without a row as 0, and ignores rows outside the buckets', () => {
    expect(
      filledTrend(
        [0, 10, 20],
        [
          { time: 10, value: 3 },
          { time: 99, value: 7 },
        ],
      ),
    ).toEqual([
      { time: 0, value: 0 },
      { time: 10, value: 3 },
      { time: 20, value: 0 },
    ]);
  });

  it('gives every bucket times every series in that order, unknown names left out', () => {
    expect(
      filledSeriesTrend(
        [0, 10],
        ['a', 'b'],
        [
          { time: 0, name: 'b', value: 2 },
          { time: 10, name: 'a', value: 5 },
          { time: 10, name: 'c', value: 9 },
        ],
      ),
    ).toEqual([
      { time: 0, name: 'a', value: 0 },
      { time: 0, name: 'b', value: 2 },
      { time: 10, name: 'a', value: 5 },
      { time: 10, name: 'b', value: 0 },
    ]);
  });
});
