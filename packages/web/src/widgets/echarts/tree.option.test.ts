import { describe, expect, it } from 'vitest';
import { widgetColors } from '@yuqing/core';
import { pathNodes, sunburstOption, treeIsEmpty, treemapOption } from './tree.option';

describe('pathNodes', () => {
  it('turns terms of a path field into leaf nodes with their full path', () => {
    expect(pathNodes([{ name: '/品牌/甲', value: 3 }])).toEqual([
      { name: '甲', path: '/品牌/甲', value: 3, children: [] },
    ]);
  });

  it('keeps a path tree as it is', () => {
    const tree = [{ name: 'a', path: '/a', value: 2, children: [] }];
    expect(pathNodes(tree)).toEqual(tree);
  });
});

describe('tree options', () => {
  const tree = [
    {
      name: 'a',
      path: '/a',
      value: 5,
      children: [{ name: 'b', path: '/a/b', value: 3, children: [] }],
    },
  ];

  it('carries each node path for drill-down and leaves ECharts zoom on click off', () => {
    const colors = widgetColors(undefined, ['#111111']);
    const treemap = treemapOption(tree, colors).series[0]!;
    expect(treemap.nodeClick).toBe(false);
    expect(treemap.data).toEqual([
      {
        name: 'a',
        value: 5,
        path: '/a',
        children: [{ name: 'b', value: 3, path: '/a/b' }],
        itemStyle: { color: '#111111' },
      },
    ]);
    expect(sunburstOption(tree, colors).series[0]!.nodeClick).toBe(false);
  });

  it('colours each platform in its own colour, whatever its rank', () => {
    const platforms = pathNodes([
      { name: 'Weibo', value: 9 },
      { name: 'QA', value: 5 },
      { name: 'Kuaishou', value: 3 },
    ]);
    const colors = widgetColors(undefined);
    const data = treemapOption(platforms, colors).series[0]!.data;
    expect(data.map((node) => node.itemStyle.color)).toEqual(
      ['Weibo', 'QA', 'Kuaishou'].map((code, rank) => colors.of(code, rank + 5)),
    );
  });

  it('is empty without nodes or values', () => {
    expect(treeIsEmpty([])).toBe(true);
    expect(treeIsEmpty([{ name: '/a', value: 0 }])).toBe(true);
    expect(treeIsEmpty(tree)).toBe(false);
  });
});
