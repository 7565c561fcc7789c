import type { NameValue, PivotCell } from '../posts/answers.js';

/**
 * Bars side by side or stacked: categories (with the values they stand for) and series. The
 * dashboard draws it and the exports chart it, so both show one order, stacking and naming.
 */
export interface BarModel {
  /** The grouped values as the answer has them, for drill-down. */
  keys: string[];
  labels: string[];
  /** In stacking order: the first series lies at the bottom of a stack. */
  series: { key: string; name: string; values: number[] }[];
}

/** How a grouped value is shown (a code's name, a path's last segment). */
type NameOf = (value: string) => string;

/** One series of terms. */
export function termsModel(list: readonly NameValue[], seriesName: string, name: NameOf): BarModel {
  return {
    keys: list.map((item) => item.name),
    labels: list.map((item) => name(item.name)),
    series: [{ key: seriesName, name: seriesName, values: list.map((item) => item.value) }],
  };
}

export const COMPARE_CURRENT = '本期';
export const COMPARE_PREVIOUS = '对比期';

/**
 * The current period's terms beside the comparison period's. Categories are the current ones in
 * their order, then those only the comparison period has; a term missing from a period is 0.
 */
export function compareModel(
  current: readonly NameValue[],
  previous: readonly NameValue[],
  name: NameOf,
): BarModel {
  const keys = [...new Set([...current, ...previous].map((item) => item.name))];
  const valuesOf = (list: readonly NameValue[]) => {
    const byName = new Map(list.map((item) => [item.name, item.value]));
    return keys.map((key) => byName.get(key) ?? 0);
  };
  return {
    keys,
    labels: keys.map(name),
    series: [
      { key: COMPARE_CURRENT, name: COMPARE_CURRENT, values: valuesOf(current) },
      { key: COMPARE_PREVIOUS, name: COMPARE_PREVIOUS, values: valuesOf(previous) },
    ],
  };
}

function byTotal(cells: readonly PivotCell[], part: (cell: PivotCell) => string): string[] {
  const sums = new Map<string, number>();
  for (const cell of cells) sums.set(part(cell), (sums.get(part(cell)) ?? 0) + cell.value);
  return [...sums]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([key]) => key);
}

/** A pivot as stacked bars: a bar per row, a stacked series per column, both largest first. */
export function pivotModel(cells: readonly PivotCell[], name: NameOf): BarModel {
  const rows = byTotal(cells, (cell) => cell.row);
  const cols = byTotal(cells, (cell) => cell.col);
  const rowIndex = new Map(rows.map((row, i) => [row, i]));
  const series = cols.map((col) => ({ key: col, name: name(col), values: rows.map(() => 0) }));
  const colIndex = new Map(cols.map((col, i) => [col, i]));
  for (const cell of cells) {
    const values = series[colIndex.get(cell.col)!]!.values;
    const at = rowIndex.get(cell.row)!;
    values[at] = values[at]! + cell.value;
  }
  return { keys: rows, labels: rows.map(name), series };
}
