import type { PivotMatrix, PivotRow } from '@yuqing/core';
import { zh } from '../../i18n/translateText';
import { withAlpha } from '../echarts/common';

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

/** Translated where shown (`t(SHARE_LABELS[mode])`). */
export const SHARE_LABELS = {
  row: zh('行占比'),
  col: zh('列占比'),
  total: zh('总占比'),
} as const satisfies Record<ShareMode, string>;

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
