import { localParts } from '../posts/zoned-time.js';
import type { QuietHours } from './rule.js';

const minuteOfDay = (clock: string) => {
  const [hours, minutes] = clock.split(':').map(Number);
  return hours! * 60 + minutes!;
};

/** Whether an instant falls within quiet hours in the project's zone; they may span midnight. */
export function inQuietHours(ms: number, quiet: QuietHours | null, timeZone: string): boolean {
  if (!quiet) return false;
  const local = localParts(ms, timeZone);
  const minute = local.hour * 60 + local.minute;
  const start = minuteOfDay(quiet.start);
  const end = minuteOfDay(quiet.end);
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}
