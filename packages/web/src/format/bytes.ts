const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** A file size in the largest unit that keeps it at least 1 (1.5 MB); '—' when unknown. */
export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}
