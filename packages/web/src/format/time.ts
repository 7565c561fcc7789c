import { DEFAULT_TIMEZONE, formatPostTime } from '@yuqing/core';

/** An instant in the project's zone, to the second, as file names and exports show it. */
export function formatTime(epochMs: number | undefined, timeZone = DEFAULT_TIMEZONE): string {
  return epochMs === undefined ? '—' : formatPostTime(epochMs, timeZone);
}

/** An instant in the project's zone, to the minute; '—' when unknown. */
export function formatMinute(epochMs: number | undefined, timeZone = DEFAULT_TIMEZONE): string {
  return epochMs === undefined ? '—' : formatPostTime(epochMs, timeZone).slice(0, 16);
}
