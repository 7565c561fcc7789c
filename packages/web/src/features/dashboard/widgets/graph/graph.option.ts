import { formatNumber, localParts, type RetweetGraphAnswer } from '@yuqing/core';
import { LABEL_COLOR, withAlpha } from '../echarts/common';
import { tooltipHtml } from '../echarts/tooltip';

type AnswerNode = RetweetGraphAnswer['nodes'][number];

/** A force layout of more nodes than this is slow and unreadable: the rest are counted only. */
export const MAX_GRAPH_NODES = 600;
/** Besides the roots, the nodes with the most retweets carry their name as a label. */
export const LABELLED_NODES = 10;
export const MIN_SIZE = 6;
export const MAX_SIZE = 42;
/** Roots stay visible however few retweets they have. */
export const MIN_ROOT_SIZE = 16;
export const UNKNOWN_AUTHOR = '未知用户';

/** Node kinds, in the legend's order. */
export const CATEGORIES = ['原帖', '二次传播', '转发'] as const;
export type Category = 0 | 1 | 2;

export interface GraphNode extends AnswerNode {
  /** 0: root (nothing points at it), 1: a retweet that was retweeted, 2: a plain retweet. */
  category: Category;
}

export interface GraphModel {
  nodes: GraphNode[];
  edges: RetweetGraphAnswer['edges'];
  /** Chains: the roots of the whole answer. */
  chains: number;
  /** Every node of the answer, shown or not. */
  nodeCount: number;
  /** Nodes per category among those shown. */
  counts: Record<Category, number>;
}

/**
 * The engine's graph (edges parent → retweet, SEMANTICS.md) with each node's kind. A root has no
 * incoming edge. Past `maxNodes`, nodes are kept breadth-first from the roots (the most
 * retweeted first), so every shown node stays linked to its chain.
 */
export function graphModel(
  answer: RetweetGraphAnswer,
  maxNodes: number = MAX_GRAPH_NODES,
): GraphModel {
  const byId = new Map(answer.nodes.map((node) => [node.id, node]));
  const edges = answer.edges.filter((edge) => byId.has(edge.source) && byId.has(edge.target));
  const targets = new Set(edges.map((edge) => edge.target));
  const children = new Map<string, AnswerNode[]>();
  for (const { source, target } of edges) {
    const list = children.get(source) ?? [];
    list.push(byId.get(target)!);
    children.set(source, list);
  }
  const byValue = (a: AnswerNode, b: AnswerNode) =>
    b.value - a.value || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const roots = answer.nodes.filter((node) => !targets.has(node.id)).sort(byValue);

  let kept: Set<string>;
  if (answer.nodes.length <= maxNodes) {
    kept = new Set(byId.keys());
  } else {
    kept = new Set();
    const queue = [...roots];
    for (let at = 0; at < queue.length && kept.size < maxNodes; at++) {
      const node = queue[at]!;
      if (kept.has(node.id)) continue;
      kept.add(node.id);
      queue.push(...[...(children.get(node.id) ?? [])].sort(byValue));
    }
  }

  const counts: Record<Category, number> = { 0: 0, 1: 0, 2: 0 };
  const nodes: GraphNode[] = [];
  for (const node of answer.nodes) {
    if (!kept.has(node.id)) continue;
    const category: Category = !targets.has(node.id) ? 0 : children.has(node.id) ? 1 : 2;
    counts[category]++;
    nodes.push({ ...node, category });
  }
  return {
    nodes,
    edges: edges.filter((edge) => kept.has(edge.source) && kept.has(edge.target)),
    chains: roots.length,
    nodeCount: answer.nodes.length,
    counts,
  };
}

/** A node's diameter: log-scaled by its retweets, so one viral post does not dwarf the rest. */
export function nodeSize(value: number, maxValue: number, root = false): number {
  const scale = maxValue > 0 ? Math.log1p(Math.max(value, 0)) / Math.log1p(maxValue) : 0;
  const size = Math.round(MIN_SIZE + (MAX_SIZE - MIN_SIZE) * scale);
  return root ? Math.max(size, MIN_ROOT_SIZE) : size;
}

/** 'YYYY/MM/DD HH:mm:ss' in the project's zone (spec 9 time format); '-' when unknown. */
export function formatCreated(ms: number, timeZone: string): string {
  if (!Number.isFinite(ms) || ms <= 0) return '-';
  const p = localParts(ms, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}/${two(p.month)}/${two(p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}

const nameOf = (node: { name: string }) => node.name || UNKNOWN_AUTHOR;

interface TooltipParams {
  dataType?: string;
  data?: unknown;
}

/** The colour of each category: roots in the primary colour, spreaders in another. */
export function categoryColors(primary: string, palette: readonly string[]): string[] {
  const other = palette.find((color) => color.toLowerCase() !== primary.toLowerCase()) ?? '#41B748';
  return [primary, other, '#A3ADBD'];
}

/** The ECharts option of a retweet graph: a force layout, draggable, zoomable. */
export function retweetGraphOption(
  model: GraphModel,
  { primary, palette, timeZone }: { primary: string; palette: readonly string[]; timeZone: string },
) {
  const maxValue = model.nodes.reduce((max, node) => Math.max(max, node.value), 0);
  const labelled = new Set(
    model.nodes
      .filter((node) => node.category !== 0 && node.value > 0)
      .sort((a, b) => b.value - a.value)
      .slice(0, LABELLED_NODES)
      .map((node) => node.id),
  );
  const names = new Map(model.nodes.map((node) => [node.id, nameOf(node)]));
  const colors = categoryColors(primary, palette);
  const many = model.nodes.length > 200;

  const tooltip = (params: TooltipParams) => {
    if (params.dataType === 'edge') {
      const edge = params.data as { source: string; target: string };
      return tooltipHtml({
        title: `${names.get(edge.source) ?? ''} → ${names.get(edge.target) ?? ''}`,
      });
    }
    const node = params.data as { node?: GraphNode } | undefined;
    if (!node?.node) return '';
    const { name, created, value, category } = node.node;
    return tooltipHtml({
      title: `${name || UNKNOWN_AUTHOR} · ${CATEGORIES[category]}`,
      lines: [`发布时间：${formatCreated(created, timeZone)}`, `直接转发：${formatNumber(value)}`],
    });
  };

  return {
    color: colors,
    tooltip: { confine: true, formatter: tooltip },
    legend: {
      top: 0,
      right: 0,
      itemWidth: 10,
      itemHeight: 10,
      icon: 'circle',
      textStyle: { color: LABEL_COLOR },
      data: [...CATEGORIES],
      formatter: (name: string) =>
        `${name} ${model.counts[CATEGORIES.indexOf(name as (typeof CATEGORIES)[number]) as Category] ?? 0}`,
    },
    series: [
      {
        type: 'graph',
        layout: 'force',
        top: 28,
        bottom: 8,
        left: 8,
        right: 8,
        roam: true,
        draggable: true,
        force: {
          repulsion: many ? 40 : 120,
          edgeLength: many ? [10, 40] : [30, 90],
          gravity: many ? 0.15 : 0.08,
          layoutAnimation: !many,
        },
        categories: CATEGORIES.map((name, at) => ({
          name,
          itemStyle: { color: colors[at] },
        })),
        edgeSymbol: ['none', 'arrow'],
        edgeSymbolSize: [0, 6],
        lineStyle: { color: 'source', opacity: 0.45, width: 1, curveness: 0.08 },
        label: {
          position: 'right',
          color: LABEL_COLOR,
          fontSize: 11,
          width: 96,
          overflow: 'truncate',
        },
        emphasis: { focus: 'adjacency', lineStyle: { width: 2, opacity: 0.9 } },
        data: model.nodes.map((node) => ({
          id: node.id,
          name: nameOf(node),
          value: node.value,
          category: node.category,
          symbolSize: nodeSize(node.value, maxValue, node.category === 0),
          node,
          itemStyle:
            node.category === 0
              ? {
                  borderColor: '#fff',
                  borderWidth: 2,
                  shadowBlur: 6,
                  shadowColor: withAlpha(primary, 0.5),
                }
              : undefined,
          label: {
            show: node.category === 0 || labelled.has(node.id),
            fontWeight: node.category === 0 ? ('bold' as const) : ('normal' as const),
          },
        })),
        links: model.edges.map(({ source, target }) => ({ source, target })),
      },
    ],
  };
}
