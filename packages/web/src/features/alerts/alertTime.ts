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
