import type { OptionItem } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import {
  addRow,
  countRows,
  itemsToRows,
  moveRow,
  removeRow,
  rowPaths,
  rowPlaces,
  rowsToItems,
  updateRow,
} from './rows';

const tree: OptionItem[] = [
  {
    value: '/a',
    label: 'A',
    children: [
      { value: '/a/1', label: 'A1' },
      { value: '/a/2', label: 'A2' },
    ],
  },
  { value: '/b', label: 'B' },
];

describe('table rows', () => {
  it('round-trips items through rows with unique keys', () => {
    const rows = itemsToRows(tree);
    expect(rowsToItems(rows)).toEqual(tree);
    const keys = [rows[0]!.key, rows[0]!.children![0]!.key, rows[1]!.key];
    expect(new Set(keys).size).toBe(3);
    expect(countRows(rows)).toBe(4);
  });

  it('edits a nested row and leaves the others alone', () => {
    const rows = itemsToRows(tree);
    const key = rows[0]!.children![1]!.key;
    const next = updateRow(rows, key, { label: '第二' });
    expect(rowsToItems(next)[0]!.children![1]).toEqual({ value: '/a/2', label: '第二' });
    expect(next[1]).toBe(rows[1]);
    expect(rows[0]!.children![1]!.label).toBe('A2');
  });

  it('adds top rows and children; an empty child list disappears on removal', () => {
    let rows = itemsToRows(tree);
    const top = addRow(rows);
    rows = top.rows;
    expect(rows).toHaveLength(3);
    const child = addRow(rows, rows[1]!.key);
    rows = child.rows;
    expect(rows[1]!.children?.map((row) => row.key)).toEqual([child.key]);
    rows = removeRow(rows, child.key);
    expect(rows[1]!.children).toBeUndefined();
    expect(rowsToItems(rows)[1]).toEqual({ value: '/b', label: 'B' });
  });

  it('removes a row with its children', () => {
    const rows = itemsToRows(tree);
    expect(rowsToItems(removeRow(rows, rows[0]!.key))).toEqual([{ value: '/b', label: 'B' }]);
  });

  it('moves a row among its siblings only', () => {
    const rows = itemsToRows(tree);
    const first = rows[0]!.children![0]!.key;
    const moved = moveRow(rows, first, 1);
    expect(rowsToItems(moved)[0]!.children!.map((item) => item.value)).toEqual(['/a/2', '/a/1']);
    expect(moveRow(moved, first, 1)).toEqual(moved);
    expect(rowPlaces(moved).get(first)).toEqual({ index: 1, of: 2 });
    expect(rowPlaces(moved).get(moved[1]!.key)).toEqual({ index: 1, of: 2 });
    expect(rowsToItems(moveRow(rows, rows[0]!.key, -1))).toEqual(tree);
  });

  it('names each row by its JSON path', () => {
    const rows = itemsToRows(tree);
    const paths = rowPaths(rows);
    expect(paths.get(rows[0]!.children![1]!.key)).toBe('items[0].children[1]');
    expect(paths.get(rows[1]!.key)).toBe('items[1]');
  });
});
