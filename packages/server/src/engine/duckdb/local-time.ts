import { fixedOffset } from '../aggregations/buckets.js';
import type { LocalClock, Values } from '../sql/dialect.js';

/**
 * When the zone keeps one UTC offset over the whole range (Asia/Shanghai always does), local time
 * is plain arithmetic; otherwise DuckDB's time-zone functions convert each post, which costs
 * several times more.
 */
export function localClock(
  timeZone: string,
  range: { start: number; end: number } | undefined,
  params: Values,
): LocalClock {
  const offset = range && fixedOffset(timeZone, range.start, range.end);
  if (offset !== undefined) {
    const local = `make_timestamp((created + ${offset}) * 1000)`;
    return {
      ...localParts(local),
      bucket: (interval) => `(epoch_ms(date_trunc('${interval}', ${local})) - ${offset})`,
    };
  }
  const tz = params.bind(timeZone);
  const local = `timezone(${tz}, make_timestamp(created * 1000)::TIMESTAMPTZ)`;
  return {
    ...localParts(local),
    bucket: (interval) =>
      interval === 'hour'
        ? // Local hours are UTC hours in zones with whole-hour offsets; this keeps the two
          // 01:00 hours of a DST fall-back apart, which a round trip through local time merges.
          `(created - ((created + (epoch_ms(${local}::TIMESTAMP) - created)) % 3600000))`
        : `epoch_ms(timezone(${tz}, date_trunc('${interval}', ${local})))`,
  };
}

/** Weekday and hour of `local`, a naive TIMESTAMP holding the local wall-clock time. */
const localParts = (local: string) => ({
  weekday: `(isodow(${local}) - 1)::INTEGER`,
  hour: `hour(${local})::INTEGER`,
});
