const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, clockOnly: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${clockOnly}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('zh-CN', {
      timeZone,
      ...(!clockOnly && { year: 'numeric', month: '2-digit', day: '2-digit' }),
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(key, format);
  }
  return format;
}

/** 2026/11/25 14:05 in the project's zone; `clockOnly`: 14:05. */
export function formatTime(epochMs: number, timeZone: string, clockOnly = false): string {
  return formatter(timeZone, clockOnly).format(epochMs);
}

/** A window: 2026/11/25 10:00 – 11:00 within a day, else both ends in full. */
export function formatRange(start: number, end: number, timeZone: string): string {
  const from = formatTime(start, timeZone);
  const to = formatTime(end, timeZone);
  const sameDay = from.slice(0, 10) === to.slice(0, 10);
  return `${from} – ${sameDay ? formatTime(end, timeZone, true) : to}`;
}
