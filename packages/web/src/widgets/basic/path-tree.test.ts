import type { PathCount } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { expandedPaths, isTreeEmpty, maxCount } from './path-tree';

const node = (path: string, value: number, children: PathCount[] = []): PathCount => ({
  name: path.split('/').pop()!,
  path,
  value,
  children,
});

const tree = [
  node('/话题', 100, [
    node('/话题/产品口碑', 70, [
      node('/话题/产品口碑/续航', 40, [node('/话题/产品口碑/续航/x', 1)]),
    ]),
    node('/话题/售后服务', 20),
  ]),
  node('/其他', 5),
];

describe('path tree', () => {
  it('expands the nodes of the first two levels that have children', () => {
    expect(expandedPaths(tree)).toEqual(['/话题', '/话题/产品口碑']);
    expect(expandedPaths(tree, 1)).toEqual(['/话题']);
  });

  it('scales bars to the largest count anywhere in the tree', () => {
    expect(maxCount(tree)).toBe(100);
    expect(maxCount([])).toBe(0);
  });

  it('is empty without nodes or counts', () => {
    expect(isTreeEmpty([])).toBe(true);
    expect(isTreeEmpty([node('/a', 0)])).toBe(true);
    expect(isTreeEmpty(tree)).toBe(false);
  });
});
