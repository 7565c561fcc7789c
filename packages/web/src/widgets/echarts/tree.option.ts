import { formatNumber, type Colors, type NameValue, type PathCount } from '@yuqing/core';
import { currentT, type Translate } from '../../i18n/useT';
import { displayNameIn } from './common';
import { tooltipHtml } from './tooltip';

/**
 * Tree widgets read `common_all_topic` (a path tree) or `common_terms` on a path field (a flat
 * list of paths of one depth); both become nodes with their full path.
 */
export function pathNodes(
  list: readonly (PathCount | NameValue)[],
  t: Translate = currentT(),
): PathCount[] {
  const displayName = displayNameIn(t);
  return list.map((item) =>
    'path' in item
      ? item
      : { name: displayName(item.name), path: item.name, value: item.value, children: [] },
  );
}

export const treeIsEmpty = (list: readonly (PathCount | NameValue)[] | undefined): boolean =>
  !list || list.every((item) => !item.value);

interface EChartsNode {
  name: string;
  value: number;
  path: string;
  children?: EChartsNode[];
}

function toNodes(nodes: readonly PathCount[]): EChartsNode[] {
  return nodes.map((node) => ({
    name: node.name,
    value: node.value,
    path: node.path,
    ...(node.children.length ? { children: toNodes(node.children) } : {}),
  }));
}

/** The top nodes in their own colours (a platform's wherever it is drawn), their children in theirs. */
function coloured(nodes: readonly PathCount[], colors: Colors) {
  return toNodes(nodes).map((node, index) => ({
    ...node,
    itemStyle: { color: colors.of(node.path, index) },
  }));
}

const nodeTooltip = (params: { data?: { path?: string }; name: string; value: unknown }) =>
  tooltipHtml({
    title: params.data?.path ?? params.name,
    lines: [formatNumber(Number(params.value) || 0)],
  });

/** Rectangles per path, nested; clicking drills (so ECharts' own zoom on click is off). */
export function treemapOption(nodes: readonly PathCount[], colors: Colors) {
  return {
    color: [...colors.palette],
    tooltip: { confine: true, formatter: nodeTooltip },
    series: [
      {
        type: 'treemap',
        left: 0,
        right: 0,
        top: 0,
        bottom: 0,
        roam: false,
        nodeClick: false,
        breadcrumb: { show: false },
        label: { show: true, formatter: '{b}', overflow: 'truncate' },
        upperLabel: { show: true, height: 20, color: '#fff' },
        levels: [
          { itemStyle: { borderWidth: 0, gapWidth: 2 }, upperLabel: { show: false } },
          { colorSaturation: [0.35, 0.6], itemStyle: { gapWidth: 1, borderColorSaturation: 0.6 } },
        ],
        data: coloured(nodes, colors),
      },
    ],
  };
}

/** Rings of paths, the roots inside; clicking drills (ECharts' own zoom on click is off). */
export function sunburstOption(nodes: readonly PathCount[], colors: Colors) {
  return {
    color: [...colors.palette],
    tooltip: { confine: true, formatter: nodeTooltip },
    series: [
      {
        type: 'sunburst',
        radius: ['12%', '92%'],
        nodeClick: false,
        sort: undefined,
        itemStyle: { borderColor: '#fff', borderWidth: 1 },
        label: { rotate: 'radial', minAngle: 8, overflow: 'truncate', width: 80 },
        emphasis: { focus: 'ancestor' },
        data: coloured(nodes, colors),
      },
    ],
  };
}
