import { bucketStart, nextBucket, offsetAt, type BucketInterval } from '@yuqing/core';
import { eventLoopTurns } from './event-loop-turns.js';
import type { Params } from './sql.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** SQL reading each post's local wall-clock time, and the bucket it falls in, in one zone. */
export interface LocalClock {
  /** A naive TIMESTAMP holding the local wall-clock time. */
  local: string;
  /** Epoch ms of the local bucket start. */
  bucket(interval: BucketInterval): string;
}

/**
 * When the zone keeps one UTC offset over the whole range (Asia/Shanghai always does), local time
 * is plain arithmetic; otherwise DuckDB's time-zone functions convert each post, which costs
 * several times more. Offsets change at most a few times a year, so weekly probes find a change.
 */
export function localClock(
  timeZone: string,
  range: { start: number; end: number } | undefined,
  params: Params,
): LocalClock {
  const offset = range && fixedOffset(timeZone, range.start, range.end);
  if (offset !== undefined) {
    const local = `make_timestamp((created + ${offset}) * 1000)`;
    return {
      local,
      bucket: (interval) => `(epoch_ms(date_trunc('${interval}', ${local})) - ${offset})`,
    };
  }
  const tz = params.bind(timeZone);
  const local = `timezone(${tz}, make_timestamp(created * 1000)::TIMESTAMPTZ)`;
  return {
    local,
    bucket: (interval) =>
      interval === 'hour'
        ? // Local hours are UTC hours in zones with whole-hour offsets; this keeps the two
          // 01:00 hours of a DST fall-back apart, which a round trip through local time merges.
          `(created - ((created + (epoch_ms(${local}::TIMESTAMP) - created)) % 3600000))`
        : `epoch_ms(timezone(${tz}, date_trunc('${interval}', ${local})))`,
  };
}

function fixedOffset(timeZone: string, start: number, end: number): number | undefined {
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
