import dayjs from 'dayjs';

/** A stored instant in the viewer's local time, to the second. */
export function formatInstant(iso: string): string {
  return dayjs(iso).format('YYYY-MM-DD HH:mm:ss');
}

export function formatDay(iso: string): string {
  return dayjs(iso).format('YYYY-MM-DD');
}
