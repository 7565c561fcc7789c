import type { BucketInterval } from '@yuqing/core';
import { fixedOffset } from '../aggregations/buckets.js';
import type { Params } from './sql.js';

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
 * several times more.
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
