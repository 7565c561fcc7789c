import { formatNumber, localParts, type RetweetGraphAnswer } from '@yuqing/core';
import { LABEL_COLOR, withAlpha } from '../echarts/common';
import { zh } from '../../i18n/translateText';
import { currentT, type Translate } from '../../i18n/useT';
import { tooltipHtml } from '../echarts/tooltip';

type AnswerNode = RetweetGraphAnswer['nodes'][number];

/**
 * A force layout of more nodes than this is a ball nobody can read: the largest cascades are
 * shown whole up to this many nodes, the rest are offered in the cascade picker.
 */
export const MAX_GRAPH_NODES = 300;
/** Only the hubs carry their name: the nodes with the most direct retweets. */
export const LABELLED_NODES = 8;
export const MIN_SIZE = 6;
export const MAX_SIZE = 42;
/** Roots stay visible however few retweets they have. */
export const MIN_ROOT_SIZE = 16;
/** A nameless author (translated where shown: the picker and the graph pass it through t.label). */
export const UNKNOWN_AUTHOR = zh('未知用户');
const nameOf = (node: { name: string }) => node.name || UNKNOWN_AUTHOR;

/** Node kinds, in the legend's order. */
export const CATEGORIES = [zh('原帖'), zh('二次传播'), zh('转发')] as const;
export type Category = 0 | 1 | 2;

export interface GraphNode extends AnswerNode {
  /** 0: root (nothing points at it), 1: a retweet that was retweeted, 2: a plain retweet. */
  category: Category;
}

/** One root and everything that retweeted it, directly or not. */
export interface Cascade {
  rootId: string;
  name: string;
  size: number;
}

export interface GraphModel {
  nodes: GraphNode[];
  edges: RetweetGraphAnswer['edges'];
  /** Every cascade of the answer, the largest first. */
  cascades: Cascade[];
  /** Cascades shown (whole, or the one picked). */
  shownCascades: number;
  /** Every node of the answer, shown or not. */
  nodeCount: number;
  /** Nodes per category among those shown. */
  counts: Record<Category, number>;
}

/**
 * The engine's graph (edges parent → retweet, SEMANTICS.md) with each node's kind, cut into
 * cascades (a root has no incoming edge). Shown: the picked cascade, or else the largest cascades
 * whole while they fit in `maxNodes`; a cascade larger than that keeps its nodes breadth-first
 * from the root (the most retweeted first), so every shown node stays linked to its root.
 */
export function graphModel(
  answer: RetweetGraphAnswer,
  { maxNodes = MAX_GRAPH_NODES, cascade }: { maxNodes?: number; cascade?: string } = {},
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
  const breadthFirst = (root: AnswerNode) => {
    const order = [root.id];
    const seen = new Set(order);
    for (let at = 0; at < order.length; at++) {
      for (const child of [...(children.get(order[at]!) ?? [])].sort(byValue)) {
        if (!seen.has(child.id)) order.push(child.id);
        seen.add(child.id);
      }
    }
    return order;
  };
  const all = answer.nodes
    .filter((node) => !targets.has(node.id))
    .sort(byValue)
    .map((root) => ({ root, order: breadthFirst(root) }))
    .sort((a, b) => b.order.length - a.order.length || byValue(a.root, b.root));
  const picked = all.filter(({ root }) => root.id === cascade);
  const shown = picked.length > 0 ? picked : all;

  const kept = new Set<string>();
  let shownCascades = 0;
  for (const { order } of shown) {
    if (kept.size > 0 && kept.size + order.length > maxNodes) break;
    for (const id of order.slice(0, maxNodes - kept.size)) kept.add(id);
    shownCascades++;
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
    cascades: all.map(({ root, order }) => ({
      rootId: root.id,
      name: nameOf(root),
      size: order.length,
    })),
    shownCascades,
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

interface TooltipParams {
  dataType?: string;
  data?: unknown;
}

/** The colour of each category: roots in the primary colour, spreaders in another. */
export function categoryColors(primary: string, palette: readonly string[]): string[] {
  const other = palette.find((color) => color.toLowerCase() !== primary.toLowerCase()) ?? '#41B748';
  return [primary, other, '#A3ADBD'];
}

/**
 * The legend: each kind of node with its colour and how many show. It is drawn above the canvas
 * rather than by ECharts, where the force layout let nodes drift under it.
 */
export function legendItems(model: GraphModel, colors: readonly string[], t: Translate) {
  return CATEGORIES.map((category, at) => ({
    name: t(category),
    color: colors[at]!,
    count: model.counts[at as Category],
  }));
}

/**
 * Spacing by the number of nodes: a few hundred pack close, a single picked cascade spreads out
 * to fill the widget.
 */
export function forceOf(nodes: number) {
  if (nodes > 200)
    return { repulsion: 40, edgeLength: [10, 40], gravity: 0.15, layoutAnimation: false };
  if (nodes > 40)
    return { repulsion: 120, edgeLength: [30, 90], gravity: 0.08, layoutAnimation: true };
  // Stronger gravity than the spread asks for keeps a small cascade inside the widget at 1280 and
  // 1920 px (at 0.05 its largest hub fell below the widget and nodes under the legend).
  return { repulsion: 200, edgeLength: [40, 110], gravity: 0.14, layoutAnimation: true };
}

/** The ECharts option of a retweet graph: a force layout, draggable, zoomable, hubs named. */
export function retweetGraphOption(
  model: GraphModel,
  { primary, palette, timeZone }: { primary: string; palette: readonly string[]; timeZone: string },
  t: Translate = currentT(),
) {
  const categories = CATEGORIES.map((category) => t(category));
  const nameIn = (node: { name: string }) => node.name || t(UNKNOWN_AUTHOR);
  const maxValue = model.nodes.reduce((max, node) => Math.max(max, node.value), 0);
  const labelled = new Set(
    model.nodes
      .filter((node) => node.value > 0)
      .sort((a, b) => b.value - a.value)
      .slice(0, LABELLED_NODES)
      .map((node) => node.id),
  );
  const names = new Map(model.nodes.map((node) => [node.id, nameIn(node)]));
  const colors = categoryColors(primary, palette);

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
      title: `${name || t(UNKNOWN_AUTHOR)} · ${categories[category]}`,
      lines: [
        t('发布时间：{time}', { time: formatCreated(created, timeZone) }),
        t('直接转发：{count}', { count: formatNumber(value) }),
      ],
    });
  };

  return {
    color: colors,
    tooltip: { confine: true, formatter: tooltip },
    series: [
      {
        type: 'graph',
        layout: 'force',
        // Short of the right edge by a label's width (the legend is above the canvas, in HTML).
        top: 12,
        bottom: 12,
        left: 12,
        right: 104,
        roam: true,
        scaleLimit: { min: 0.2, max: 8 },
        draggable: true,
        labelLayout: { hideOverlap: true },
        force: forceOf(model.nodes.length),
        categories: categories.map((name, at) => ({
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
          name: nameIn(node),
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
            show: labelled.has(node.id),
            fontWeight: node.category === 0 ? ('bold' as const) : ('normal' as const),
          },
        })),
        links: model.edges.map(({ source, target }) => ({ source, target })),
      },
    ],
  };
}
