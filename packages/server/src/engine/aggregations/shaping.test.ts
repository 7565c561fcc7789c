import { postQuery } from '@yuqing/core';
import { describe, expect, it } from 'vitest';
import { heatGrid } from './heat-grid.js';
import { pathTree } from './path-tree.js';
import { previousPeriod } from './previous-period.js';
import { retweetGraphOf } from './retweet-graph.js';

describe('pathTree', () => {
  it('nests paths under their parents, at most `size` per level by count then path', () => {
    const tree = pathTree(
      [
        { path: '/A', value: 5 },
        { path: '/B', value: 5 },
        { path: '/C', value: 1 },
        { path: '/A/x', value: 2 },
        { path: '/A/y', value: 3 },
        { path: '/A/y/z', value: 1 },
      ],
      2,
    );
    expect(tree.map((node) => node.path)).toEqual(['/A', '/B']);
    expect(tree[0]!.children.map((node) => [node.name, node.value])).toEqual([
      ['y', 3],
      ['x', 2],
    ]);
    expect(tree[0]!.children[0]!.children).toEqual([
      { name: 'z', path: '/A/y/z', value: 1, children: [] },
    ]);
  });
});

describe('heatGrid', () => {
  it('holds 7 × 24 cells from Monday 0:00, missing ones as 0', () => {
    const grid = heatGrid([
      { weekday: 6, hour: 23, value: 4 },
      { weekday: 0, hour: 1, value: 2 },
    ]);
    expect(grid).toHaveLength(168);
    expect(grid[0]).toEqual({ weekday: 0, hour: 0, value: 0 });
    expect(grid[1]).toEqual({ weekday: 0, hour: 1, value: 2 });
    expect(grid[167]).toEqual({ weekday: 6, hour: 23, value: 4 });
  });
});

const DAY = 86_400_000;

describe('previousPeriod', () => {
  it('is the range of the same length just before, and none without both bounds', () => {
    expect(previousPeriod(postQuery.parse({ start: DAY * 9000, end: DAY * 9010 }))).toMatchObject({
      start: DAY * 8990,
      end: DAY * 9000,
    });
    expect(previousPeriod(postQuery.parse({ start: DAY * 9000 }))).toBeUndefined();
  });
});

describe('retweetGraphOf', () => {
  it("names a stored parent by its own author and time, others by their retweets' screen name", () => {
    const graph = retweetGraphOf(
      [
        { id: 'p1', value: 2, name: '转发名', created: 5, targets: ['r1', 'r2'] },
        { id: 'p2', value: 1, name: null, created: 7, targets: ['r3'] },
        { id: 'r1', value: 0, name: '甲', created: 9, targets: null },
      ],
      new Map([['p1', { author: '原作者', created: 1 }]]),
    );
    expect(graph.nodes).toEqual([
      { id: 'p1', name: '原作者', value: 2, created: 1 },
      { id: 'p2', name: '', value: 1, created: 7 },
      { id: 'r1', name: '甲', value: 0, created: 9 },
    ]);
    expect(graph.edges).toEqual([
      { source: 'p1', target: 'r1' },
      { source: 'p1', target: 'r2' },
      { source: 'p2', target: 'r3' },
    ]);
  });
});
