import {
  bucketStart,
  nextBucket,
  offsetAt,
  type BucketInterval,
  type TrendPoint,
} from '@yuqing/core';
import { eventLoopTurns } from '../event-loop-turns.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * The one UTC offset a zone keeps over [start, end], or undefined when its clocks change there.
 * Offsets change at most a few times a year, so weekly probes find a change.
 */
export function fixedOffset(timeZone: string, start: number, end: number): number | undefined {
  const offset = offsetAt(start, timeZone);
  for (let probe = start + WEEK; probe < end + WEEK; probe += WEEK) {
    if (offsetAt(Math.min(probe, end), timeZone) !== offset) return undefined;
  }
  return offset;
}

/**
 * The starts of the local buckets from the one holding `range.start` to `range.end`, as core's
 * bucketStart and nextBucket walk them. Each step of that walk asks Intl several times (a 5,000
 * hour trend took 0.3 s); under one UTC offset, the usual case, the steps are arithmetic instead.
 * Otherwise the walk lets other requests run between its steps.
 */
export async function bucketStarts(
  timeZone: string,
  range: { start: number; end: number },
  interval: BucketInterval,
): Promise<number[]> {
  const first = bucketStart(range.start, interval, timeZone);
  const offset = fixedOffset(timeZone, first, range.end);
  const starts: number[] = [];
  const pause = eventLoopTurns();
  for (let time = first; time < range.end;) {
    starts.push(time);
    if (offset !== undefined) {
      time = nextFixedBucket(time, interval, offset);
    } else {
      time = nextBucket(time, interval, timeZone);
      await pause();
    }
  }
  return starts;
}

/** The bucket after the one starting at `start`, in a zone that keeps `offset`. */
function nextFixedBucket(start: number, interval: BucketInterval, offset: number): number {
  if (interval === 'hour') return start + HOUR;
  if (interval === 'day') return start + DAY;
  if (interval === 'week') return start + WEEK;
  const wall = new Date(start + offset);
  const next = new Date(0);
  if (interval === 'month') next.setUTCFullYear(wall.getUTCFullYear(), wall.getUTCMonth() + 1, 1);
  else next.setUTCFullYear(wall.getUTCFullYear() + 1, 0, 1);
  return next.getTime() - offset;
}

/** A trend without series: every bucket, those without a row as 0. */
export function filledTrend(
  buckets: readonly number[],
  rows: Iterable<{ time: number; value: number }>,
): TrendPoint[] {
  const values = new Map<number, number>();
  for (const row of rows) values.set(row.time, row.value);
  return buckets.map((time) => ({ time, value: values.get(time) ?? 0 }));
}

/** A trend per series name: every bucket times every name, in that order, missing ones as 0. */
export function filledSeriesTrend(
  buckets: readonly number[],
  names: readonly string[],
  rows: Iterable<{ time: number; name: string; value: number }>,
): TrendPoint[] {
  // Values by bucket and series in one array: keys built per point cost more than the query.
  const slotOf = new Map(buckets.map((time, i) => [time, i * names.length]));
  const seriesOf = new Map(names.map((name, j) => [name, j]));
  const values = new Float64Array(buckets.length * names.length);
  for (const row of rows) {
    const slot = slotOf.get(row.time);
    const series = seriesOf.get(row.name);
    if (slot !== undefined && series !== undefined) values[slot + series] = row.value;
  }
  return buckets.flatMap((time, i) =>
    names.map((name, j) => ({ time, name, value: values[i * names.length + j]! })),
  );
}
