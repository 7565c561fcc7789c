import type { PivotCell } from '@yuqing/core';
import { withAlpha } from '../echarts/common';

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

/** What a sortable column sorts by: the row label, a column's cell, or the row total. */
export type SortKey = 'label' | 'total' | number;

/**
 * A comparator for antd's `sorter` (ascending; antd reverses it for descending). `measure` turns
 * a row's cell or total into the number compared (the value itself, or a share).
 */
export function compareRows(
  key: SortKey,
  measure: (row: PivotRow, column: number | 'total') => number = cellValue,
): (a: PivotRow, b: PivotRow) => number {
  if (key === 'label') return (a, b) => a.label.localeCompare(b.label, 'zh-CN');
  return (a, b) => measure(a, key) - measure(b, key);
}

export function cellValue(row: PivotRow, column: number | 'total'): number {
  return column === 'total' ? row.total : (row.cells[column] ?? 0);
}

/** Shares a cross table can show: of the row's total, the column's total, or the grand total. */
export type ShareMode = 'row' | 'col' | 'total';

export const SHARE_LABELS: Record<ShareMode, string> = {
  row: '行占比',
  col: '列占比',
  total: '总占比',
};

/**
 * A cell's share in [0, 1]. `row` is a body row or 'totals' (the totals row at the bottom);
 * `column` a column index or 'total' (the totals column). The totals row under 行占比 is the
 * distribution over the columns; the totals column under 列占比 the distribution over the rows.
 */
export function cellShare(
  matrix: PivotMatrix,
  mode: ShareMode,
  row: PivotRow | 'totals',
  column: number | 'total',
): number {
  const colTotal = column === 'total' ? matrix.total : (matrix.columns[column]?.total ?? 0);
  const value = row === 'totals' ? colTotal : cellValue(row, column);
  const rowTotal = row === 'totals' ? matrix.total : row.total;
  const base = mode === 'row' ? rowTotal : mode === 'col' ? colTotal : matrix.total;
  return base > 0 ? value / base : 0;
}

/** The largest body cell (not totals): the top of the heat scale. */
export function maxCell(matrix: PivotMatrix): number {
  let max = 0;
  for (const row of matrix.rows) for (const value of row.cells) max = Math.max(max, value);
  return max;
}

/** Strongest tint of a heat cell; above `LIGHT_TEXT_FROM` the text turns white. */
const MAX_ALPHA = 0.85;
const LIGHT_TEXT_FROM = 0.5;

/**
 * The heat tint of a cell: the colour at an opacity growing with the value (square root, so
 * small values still show), nothing for 0.
 */
export function heatStyle(
  value: number,
  max: number,
  color: string,
): { background?: string; color?: string } {
  if (!(value > 0) || !(max > 0)) return {};
  const alpha = Math.round(Math.sqrt(Math.min(value / max, 1)) * MAX_ALPHA * 100) / 100;
  return {
    background: withAlpha(color, alpha),
    ...(alpha > LIGHT_TEXT_FROM ? { color: '#fff' } : {}),
  };
}
