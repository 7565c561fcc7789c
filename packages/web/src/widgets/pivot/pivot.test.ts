import { describe, expect, it } from 'vitest';
import { buildPivot, type PivotRow } from '@yuqing/core';
import { cellShare, compareRows, heatStyle, maxCell } from './pivot';

const cells = [
  { row: 'Weibo', col: 'A', value: 5 },
  { row: 'Weibo', col: 'B', value: 1 },
  { row: 'Web', col: 'B', value: 7 },
  { row: 'WeChat', col: 'C', value: 2 },
];

describe('sorting', () => {
  const { rows } = buildPivot(cells, {
    label: (v) => ({ Web: '网站', Weibo: '微博', WeChat: '微信' })[v]!,
  });
  const sorted = (compare: (a: PivotRow, b: PivotRow) => number) =>
    [...rows].sort(compare).map((r) => r.value);

  it('sorts by a column, by the total or by the label', () => {
    expect(sorted(compareRows(1))).toEqual(['Web', 'WeChat', 'Weibo']);
    expect(sorted(compareRows('total'))).toEqual(['WeChat', 'Weibo', 'Web']);
    expect(sorted(compareRows('label'))).toEqual(
      [...rows].sort((a, b) => a.label.localeCompare(b.label, 'zh-CN')).map((r) => r.value),
    );
  });

  it('keeps the total order among equal cells (a stable sort)', () => {
    expect(sorted(compareRows(2))).toEqual(['Web', 'Weibo', 'WeChat']);
  });

  it('sorts by another measure, such as a share', () => {
    const matrix = buildPivot(cells);
    const byShare = compareRows(0, (row, column) => cellShare(matrix, 'row', row, column));
    // B is 100% of Web, 1/6 of Weibo, 0 of WeChat.
    expect([...matrix.rows].sort(byShare).map((r) => r.value)).toEqual(['WeChat', 'Weibo', 'Web']);
  });
});

describe('cellShare', () => {
  const matrix = buildPivot(cells);
  const weibo = matrix.rows[1]!;

  it('shares of the row, the column and the grand total', () => {
    expect(cellShare(matrix, 'row', weibo, 1)).toBeCloseTo(5 / 6);
    expect(cellShare(matrix, 'col', weibo, 0)).toBeCloseTo(1 / 8);
    expect(cellShare(matrix, 'total', weibo, 1)).toBeCloseTo(5 / 15);
  });

  it('gives the totals their distributions', () => {
    expect(cellShare(matrix, 'row', weibo, 'total')).toBe(1);
    expect(cellShare(matrix, 'row', 'totals', 0)).toBeCloseTo(8 / 15);
    expect(cellShare(matrix, 'col', weibo, 'total')).toBeCloseTo(6 / 15);
    expect(cellShare(matrix, 'col', 'totals', 2)).toBe(1);
    expect(cellShare(matrix, 'total', 'totals', 'total')).toBe(1);
  });

  it('is 0 over an empty base', () => {
    const zero = buildPivot([{ row: 'a', col: 'b', value: 0 }]);
    expect(cellShare(zero, 'row', zero.rows[0]!, 0)).toBe(0);
  });
});

describe('heat', () => {
  it('tints by value up to the largest body cell, white text on strong tints', () => {
    expect(maxCell(buildPivot(cells))).toBe(7);
    expect(heatStyle(0, 7, '#2E57E4')).toEqual({});
    expect(heatStyle(7, 7, '#2E57E4')).toEqual({
      background: 'rgba(46, 87, 228, 0.85)',
      color: '#fff',
    });
    expect(heatStyle(7 / 100, 7, '#2E57E4')).toEqual({ background: 'rgba(46, 87, 228, 0.09)' });
    expect(heatStyle(3, 0, '#2E57E4')).toEqual({});
  });
});
