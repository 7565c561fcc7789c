import { describe, expect, it } from 'vitest';
import { buildPivot, OTHER_LABEL } from './pivot-matrix.js';

const cells = [
  { row: 'Weibo', col: 'A', value: 5 },
  { row: 'Weibo', col: 'B', value: 1 },
  { row: 'Web', col: 'B', value: 7 },
  { row: 'WeChat', col: 'C', value: 2 },
];

describe('buildPivot', () => {
  const matrix = buildPivot(cells);

  it('orders columns and rows by their totals, largest first, ties by value', () => {
    expect(matrix.columns.map((c) => [c.value, c.total])).toEqual([
      ['B', 8],
      ['A', 5],
      ['C', 2],
    ]);
    expect(matrix.rows.map((r) => [r.value, r.total])).toEqual([
      ['Web', 7],
      ['Weibo', 6],
      ['WeChat', 2],
    ]);
    const tie = buildPivot([
      { row: 'y', col: 'b', value: 1 },
      { row: 'x', col: 'a', value: 1 },
    ]);
    expect(tie.columns.map((c) => c.value)).toEqual(['a', 'b']);
    expect(tie.rows.map((r) => r.value)).toEqual(['x', 'y']);
  });

  it('fills missing pairs with 0 and sums the grand total', () => {
    expect(matrix.rows.map((r) => r.cells)).toEqual([
      [7, 0, 0],
      [1, 5, 0],
      [0, 0, 2],
    ]);
    expect(matrix.total).toBe(15);
  });

  it('keeps the same column order whatever the answer order', () => {
    const reversed = buildPivot([...cells].reverse());
    expect(reversed.columns.map((c) => c.key)).toEqual(matrix.columns.map((c) => c.key));
    expect(reversed.rows).toEqual(matrix.rows);
  });

  it('labels values but keeps them for drill-down', () => {
    const labelled = buildPivot([{ row: '/品牌/甲', col: 'Weibo', value: 1 }], {
      label: (v) => (v === 'Weibo' ? '微博' : v.split('/').pop()!),
    });
    expect(labelled.rows[0]).toMatchObject({ value: '/品牌/甲', label: '甲' });
    expect(labelled.columns[0]).toMatchObject({ value: 'Weibo', label: '微博' });
  });

  it('folds the smallest columns into 其他 past maxColumns', () => {
    const folded = buildPivot(cells, { maxColumns: 2 });
    expect(folded.columns.map((c) => [c.value, c.label, c.total])).toEqual([
      ['B', 'B', 8],
      [undefined, OTHER_LABEL, 7],
    ]);
    expect(folded.rows.map((r) => r.cells)).toEqual([
      [7, 0],
      [1, 5],
      [0, 2],
    ]);
    expect(buildPivot(cells, { maxColumns: 3 }).columns).toHaveLength(3);
  });

  it('is empty for an empty answer', () => {
    expect(buildPivot([])).toEqual({ columns: [], rows: [], total: 0 });
  });
});
