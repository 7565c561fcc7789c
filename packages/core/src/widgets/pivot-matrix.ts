import type { PivotCell } from '../posts/answers.js';

/**
 * The cross table of a pivot answer, as the dashboard shows it and the exports write it: rows and
 * columns by their totals, largest first.
 */

/** Columns shown before the smallest ones are folded into one 其他 column. */
export const MAX_COLUMNS = 20;
export const OTHER_LABEL = '其他';

export interface PivotColumn {
  key: string;
  /** The value a click filters by; undefined for the folded 其他 column. */
  value: string | undefined;
  label: string;
  total: number;
}

export interface PivotRow {
  key: string;
  /** The value a click filters by (a full path for path fields). */
  value: string;
  label: string;
  /** One value per column, in the columns' order; 0 where the pair never occurs. */
  cells: number[];
  total: number;
}

export interface PivotMatrix {
  columns: PivotColumn[];
  rows: PivotRow[];
  /** The grand total: every cell's value. */
  total: number;
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Totals desc, then the value itself asc: the same order for the same answer, every time. */
function ranked(totals: Map<string, number>): [string, number][] {
  return [...totals].sort(([a, x], [b, y]) => y - x || byCodePoint(a, b));
}

function add(totals: Map<string, number>, key: string, value: number) {
  totals.set(key, (totals.get(key) ?? 0) + value);
}

/**
 * The cross table of an answer: a row per row value and a column per column value, both ordered
 * by their totals (largest first), missing pairs as 0. With `maxColumns`, columns past the first
 * `maxColumns - 1` are summed into one 其他 column, so a wide field stays readable.
 */
export function buildPivot(
  list: readonly PivotCell[],
  options: { label?: (value: string) => string; maxColumns?: number } = {},
): PivotMatrix {
  const label = options.label ?? ((value: string) => value);
  const rowTotals = new Map<string, number>();
  const colTotals = new Map<string, number>();
  for (const { row, col, value } of list) {
    add(rowTotals, row, value);
    add(colTotals, col, value);
  }
  const ordered = ranked(colTotals);
  const max = options.maxColumns ?? Infinity;
  const kept = ordered.length > max ? ordered.slice(0, Math.max(max - 1, 0)) : ordered;
  const folded = ordered.slice(kept.length);

  const columns: PivotColumn[] = kept.map(([value, total]) => ({
    key: `c:${value}`,
    value,
    label: label(value),
    total,
  }));
  const index = new Map(kept.map(([value], at) => [value, at]));
  if (folded.length > 0) {
    columns.push({
      key: 'other',
      value: undefined,
      label: OTHER_LABEL,
      total: folded.reduce((sum, [, total]) => sum + total, 0),
    });
  }
  const otherAt = columns.length - 1;

  const rows: PivotRow[] = ranked(rowTotals).map(([value, total]) => ({
    key: `r:${value}`,
    value,
    label: label(value),
    cells: columns.map(() => 0),
    total,
  }));
  const rowAt = new Map(rows.map((row, at) => [row.value, at]));
  for (const { row, col, value } of list) {
    rows[rowAt.get(row)!]!.cells[index.get(col) ?? otherAt]! += value;
  }
  return { columns, rows, total: rows.reduce((sum, row) => sum + row.total, 0) };
}
