import {
  EARLIEST_QUERY_TIME,
  bucketStart,
  latestQueryTime,
  localParts,
  nextBucket,
  offsetAt,
  type BucketInterval,
  type DateRange,
} from '@yuqing/core';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** What the date range picker picks (filter item `options.picker`). */
export type PickerType = 'date' | 'datetime' | 'month' | 'year';

/** Display formats: YYYY/MM/DD for dates (spec 5), HH:mm:ss for times (spec 9). */
export const PICKER_FORMATS: Record<PickerType, string> = {
  date: 'YYYY/MM/DD',
  datetime: 'YYYY/MM/DD HH:mm:ss',
  month: 'YYYY/MM',
  year: 'YYYY',
};

/** The bucket a date-only pick is widened to. */
const WIDEN_TO: Record<Exclude<PickerType, 'datetime'>, BucketInterval> = {
  date: 'day',
  month: 'month',
  year: 'year',
};

interface Wall {
  year: number;
  /** 1 … 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The instant whose wall clock in `timeZone` reads `wall` (shifted past a skipped hour). */
export function zonedInstant(wall: Wall, timeZone: string): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const guess = asUtc - offsetAt(asUtc, timeZone);
  return asUtc - offsetAt(guess, timeZone);
}

/**
 * The picker shows dayjs values in the browser's zone; the query is in the project's zone. A
 * picker value is therefore the project's wall clock read as a local time.
 */
export function toPickerValue(ms: number, timeZone: string): Dayjs {
  const p = localParts(ms, timeZone);
  return dayjs(new Date(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
}

function wallOf(value: Dayjs): Wall {
  return {
    year: value.year(),
    month: value.month() + 1,
    day: value.date(),
    hour: value.hour(),
    minute: value.minute(),
    second: value.second(),
  };
}

/** The picker's two values for a query range: `end` is exclusive, so it shows `end - 1 ms`. */
export function pickerValuesOf(range: DateRange, timeZone: string): [Dayjs, Dayjs] {
  return [toPickerValue(range.start, timeZone), toPickerValue(range.end - 1, timeZone)];
}

/**
 * The query range of a picked pair, or undefined when it is not a valid range: both values must
 * be valid dates and the start not after the end (spec 5). Date-only picks are widened to whole
 * days (months, years) in the project's zone: [start of the first, start of the one after the
 * last). A date-time pick keeps its instants; its end second is included.
 */
export function rangeFromPicker(
  values: readonly [Dayjs | null | undefined, Dayjs | null | undefined] | null | undefined,
  picker: PickerType,
  timeZone: string,
): DateRange | undefined {
  const [from, to] = values ?? [];
  if (!from || !to || !from.isValid() || !to.isValid()) return undefined;
  if (from.isAfter(to)) return undefined;
  if (picker === 'datetime') {
    return {
      start: zonedInstant(wallOf(from.millisecond(0)), timeZone),
      end: zonedInstant(wallOf(to.millisecond(0)), timeZone) + 1000,
    };
  }
  const unit = WIDEN_TO[picker];
  // Noon of the picked day is inside that day whatever the zone's clock changes.
  const noon = (value: Dayjs) =>
    zonedInstant({ ...wallOf(value), hour: 12, minute: 0, second: 0 }, timeZone);
  const start = bucketStart(noon(from), unit, timeZone);
  const end = nextBucket(bucketStart(noon(to), unit, timeZone), unit, timeZone);
  return { start, end };
}

/** A range typed as text in the picker's format; undefined unless both dates parse strictly. */
export function rangeFromText(
  startText: string,
  endText: string,
  picker: PickerType,
  timeZone: string,
): DateRange | undefined {
  const format = PICKER_FORMATS[picker];
  const parse = (text: string) => dayjs(text.trim(), format, true);
  return rangeFromPicker([parse(startText), parse(endText)], picker, timeZone);
}

export const sameRange = (a: DateRange, b: DateRange) => a.start === b.start && a.end === b.end;

/** Dates the server refuses to search (before 1990, past ten years ahead) cannot be picked. */
export function isOutsideQueryTimes(value: Dayjs, now = Date.now()): boolean {
  return (
    value.endOf('day').valueOf() < EARLIEST_QUERY_TIME ||
    value.startOf('day').valueOf() > latestQueryTime(now)
  );
}
