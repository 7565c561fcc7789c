import type { HeatCell } from '@yuqing/core';

/** The 7×24 grid, Monday (0) to Sunday and hour 0 to 23, cells without a row as 0. */
export function heatGrid(rows: Iterable<HeatCell>): HeatCell[] {
  const values = new Float64Array(7 * 24);
  for (const { weekday, hour, value } of rows) values[weekday * 24 + hour]! += value;
  return Array.from({ length: 7 * 24 }, (_, i) => ({
    weekday: Math.floor(i / 24),
    hour: i % 24,
    value: values[i]!,
  }));
}
