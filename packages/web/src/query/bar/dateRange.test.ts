import { DATE_PRESETS, resolveDatePreset } from '@yuqing/core';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  isOutsideQueryTimes,
  pickerValuesOf,
  rangeFromPicker,
  rangeFromText,
  toPickerValue,
} from './dateRange';

const ZONE = 'Asia/Shanghai';
// 2024-03-10 00:00 in Shanghai (UTC+8) is 2024-03-09 16:00 UTC.
const MAR_10 = Date.UTC(2024, 2, 9, 16);
const DAY = 86_400_000;

const local = (text: string) => dayjs(text, 'YYYY/MM/DD HH:mm:ss');
const originalTz = process.env.TZ;

afterEach(() => {
  process.env.TZ = originalTz;
});

describe('date range picker values', () => {
  it('widens a date-only range to whole days in the project zone', () => {
    const range = rangeFromPicker(
      [local('2024/03/10 15:20:00'), local('2024/03/12 08:00:00')],
      'date',
      ZONE,
    );
    expect(range).toEqual({ start: MAR_10, end: MAR_10 + 3 * DAY });
  });

  it('widens the same way whatever zone the browser is in', () => {
    process.env.TZ = 'America/New_York';
    const range = rangeFromPicker(
      [local('2024/03/10 00:00:00'), local('2024/03/10 00:00:00')],
      'date',
      ZONE,
    );
    expect(range).toEqual({ start: MAR_10, end: MAR_10 + DAY });
  });

  it('widens month and year picks to whole months and years', () => {
    expect(
      rangeFromPicker([local('2024/02/01 00:00:00'), local('2024/03/01 00:00:00')], 'month', ZONE),
    ).toEqual({ start: Date.UTC(2024, 0, 31, 16), end: Date.UTC(2024, 2, 31, 16) });
    expect(
      rangeFromPicker([local('2023/01/01 00:00:00'), local('2023/06/01 00:00:00')], 'year', ZONE),
    ).toEqual({ start: Date.UTC(2022, 11, 31, 16), end: Date.UTC(2023, 11, 31, 16) });
  });

  it('keeps date-time picks, including the end second', () => {
    const range = rangeFromPicker(
      [local('2024/03/10 08:30:00'), local('2024/03/10 09:00:59')],
      'datetime',
      ZONE,
    );
    expect(range).toEqual({
      start: MAR_10 + 8.5 * 3_600_000,
      end: MAR_10 + 9 * 3_600_000 + 60_000,
    });
  });

  it('rejects a range whose start is after its end, or with a missing value', () => {
    expect(
      rangeFromPicker([local('2024/03/12 00:00:00'), local('2024/03/10 00:00:00')], 'date', ZONE),
    ).toBeUndefined();
    expect(rangeFromPicker([local('2024/03/12 00:00:00'), null], 'date', ZONE)).toBeUndefined();
    expect(rangeFromPicker(null, 'date', ZONE)).toBeUndefined();
  });

  it('accepts a typed range only with two valid dates, start not after end', () => {
    expect(rangeFromText('2024/03/10', '2024/03/10', 'date', ZONE)).toEqual({
      start: MAR_10,
      end: MAR_10 + DAY,
    });
    expect(rangeFromText('2024/03/10', '2024/02/30', 'date', ZONE)).toBeUndefined();
    expect(rangeFromText('2024/13/01', '2024/03/10', 'date', ZONE)).toBeUndefined();
    expect(rangeFromText('yesterday', '2024/03/10', 'date', ZONE)).toBeUndefined();
    expect(rangeFromText('2024/03/11', '2024/03/10', 'date', ZONE)).toBeUndefined();
  });

  it('shows a range as its first and last day, and picking them back gives the same range', () => {
    const range = { start: MAR_10, end: MAR_10 + 7 * DAY };
    const [from, to] = pickerValuesOf(range, ZONE);
    expect(from.format('YYYY/MM/DD')).toBe('2024/03/10');
    expect(to.format('YYYY/MM/DD')).toBe('2024/03/16');
    expect(rangeFromPicker([from, to], 'date', ZONE)).toEqual(range);
    expect(rangeFromPicker([from, to], 'datetime', ZONE)).toEqual(range);
  });

  it('round-trips every preset through the picker', () => {
    const now = MAR_10 + 10 * 3_600_000;
    for (const preset of DATE_PRESETS) {
      const range = resolveDatePreset(preset, now, ZONE);
      expect(rangeFromPicker(pickerValuesOf(range, ZONE), 'date', ZONE), preset).toEqual(range);
    }
  });

  it('reads an instant as the project zone wall clock', () => {
    expect(toPickerValue(MAR_10, ZONE).format('YYYY/MM/DD HH:mm:ss')).toBe('2024/03/10 00:00:00');
  });
});

describe('dates the server searches', () => {
  it('offers 1990 to ten years ahead, and no day outside', () => {
    const now = Date.UTC(2026, 10, 23);
    expect(isOutsideQueryTimes(local('1989/12/31 12:00:00'), now)).toBe(true);
    expect(isOutsideQueryTimes(local('1990/01/02 00:00:00'), now)).toBe(false);
    expect(isOutsideQueryTimes(local('2036/11/01 00:00:00'), now)).toBe(false);
    expect(isOutsideQueryTimes(local('2037/01/01 00:00:00'), now)).toBe(true);
  });
});
