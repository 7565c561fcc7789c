import { describe, expect, it } from 'vitest';
import { currentT } from '../../i18n/useT';
import {
  categoryColors,
  forceOf,
  formatCreated,
  graphModel,
  LABELLED_NODES,
  legendItems,
  MAX_SIZE,
  MIN_ROOT_SIZE,
  MIN_SIZE,
  nodeSize,
  retweetGraphOption,
} from './graph.option';

const node = (id: string, value = 0, name = `u${id}`) => ({ id, name, value, created: 0 });

// Two chains: a → b → c (b was retweeted in turn), a → d; and e → f.
const answer = {
  nodes: [node('a', 2), node('b', 1), node('c'), node('d'), node('e', 1, ''), node('f')],
  edges: [
    { source: 'a', target: 'b' },
    { source: 'a', target: 'd' },
    { source: 'b', target: 'c' },
    { source: 'e', target: 'f' },
  ],
};

describe('graphModel', () => {
  it('finds roots (no incoming edge), spreaders and plain retweets', () => {
    const model = graphModel(answer);
    expect(Object.fromEntries(model.nodes.map((n) => [n.id, n.category]))).toEqual({
      a: 0,
      b: 1,
      c: 2,
      d: 2,
      e: 0,
      f: 2,
    });
    expect(model.cascades).toHaveLength(2);
    expect(model.nodeCount).toBe(6);
    expect(model.counts).toEqual({ 0: 2, 1: 1, 2: 3 });
  });

  it('drops edges to nodes it does not know', () => {
    const model = graphModel({ ...answer, edges: [...answer.edges, { source: 'a', target: 'x' }] });
    expect(model.edges).toHaveLength(4);
  });

  it('lists the cascades, largest first', () => {
    expect(graphModel(answer).cascades).toEqual([
      { rootId: 'a', name: 'ua', size: 4 },
      { rootId: 'e', name: '未知用户', size: 2 },
    ]);
  });

  it('shows the largest cascades whole while they fit, never a part of a second one', () => {
    const model = graphModel(answer, { maxNodes: 5 });
    expect(model.nodes.map((n) => n.id).sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(model.shownCascades).toBe(1);
    expect(model.nodeCount).toBe(6);
    expect(graphModel(answer, { maxNodes: 6 }).shownCascades).toBe(2);
  });

  it('keeps a cascade larger than the cap breadth-first from its root, linked', () => {
    const model = graphModel(answer, { maxNodes: 3 });
    expect(model.nodes.map((n) => n.id).sort()).toEqual(['a', 'b', 'd']);
    expect(model.edges).toEqual([
      { source: 'a', target: 'b' },
      { source: 'a', target: 'd' },
    ]);
  });

  it('shows the picked cascade alone, and all of them for an unknown pick', () => {
    expect(graphModel(answer, { cascade: 'e' }).nodes.map((n) => n.id)).toEqual(['e', 'f']);
    expect(graphModel(answer, { cascade: 'gone' }).nodes).toHaveLength(6);
  });

  it('spreads a small cascade out and packs a large graph close', () => {
    expect(forceOf(11).edgeLength[1]).toBeGreaterThan(forceOf(100).edgeLength[1]!);
    expect(forceOf(100).edgeLength[1]).toBeGreaterThan(forceOf(300).edgeLength[1]!);
  });

  it('names only the hubs of a large graph', () => {
    // One root retweeted 40 times, each retweet retweeted by 1 to 15 others.
    const nodes = [node('r', 40)];
    const edges: { source: string; target: string }[] = [];
    for (let i = 0; i < 40; i++) {
      const fans = (i % 15) + 1;
      nodes.push(node(`s${i}`, fans));
      edges.push({ source: 'r', target: `s${i}` });
      for (let j = 0; j < fans; j++) {
        nodes.push(node(`s${i}-${j}`));
        edges.push({ source: `s${i}`, target: `s${i}-${j}` });
      }
    }
    const option = retweetGraphOption(graphModel({ nodes, edges }), {
      primary: '#3673F1',
      palette: [],
      timeZone: 'Asia/Shanghai',
    });
    const series = option.series[0]!;
    const named = series.data.filter((d) => d.label.show).map((d) => d.id);
    expect(named).toHaveLength(LABELLED_NODES);
    expect(named).toContain('r');
    expect(series.labelLayout).toEqual({ hideOverlap: true });
  });
});

describe('nodeSize', () => {
  it('grows with the log of the retweets, between the bounds', () => {
    expect(nodeSize(0, 100)).toBe(MIN_SIZE);
    expect(nodeSize(100, 100)).toBe(MAX_SIZE);
    const mid = nodeSize(10, 100);
    expect(mid).toBeGreaterThan(MIN_SIZE + (MAX_SIZE - MIN_SIZE) / 2);
    expect(mid).toBeLessThan(MAX_SIZE);
    expect(nodeSize(0, 0)).toBe(MIN_SIZE);
  });

  it('keeps roots visible', () => {
    expect(nodeSize(0, 100, true)).toBe(MIN_ROOT_SIZE);
    expect(nodeSize(100, 100, true)).toBe(MAX_SIZE);
  });
});

describe('retweetGraphOption', () => {
  const option = retweetGraphOption(graphModel(answer), {
    primary: '#3673F1',
    palette: ['#3673f1', '#41B748'],
    timeZone: 'Asia/Shanghai',
  });
  const series = option.series[0]!;
  const data = Object.fromEntries(series.data.map((d) => [d.id, d]));

  it('draws a draggable, zoomable force graph with arrows from parent to retweet', () => {
    expect(series).toMatchObject({ type: 'graph', layout: 'force', roam: true, draggable: true });
    expect(series.edgeSymbol).toEqual(['none', 'arrow']);
    expect(series.links).toEqual(answer.edges);
  });

  it('colours roots with the primary colour and labels them, names the large nodes', () => {
    expect(categoryColors('#3673F1', ['#3673f1', '#41B748'])).toEqual([
      '#3673F1',
      '#41B748',
      '#A3ADBD',
    ]);
    expect(series.categories[0]!.itemStyle.color).toBe('#3673F1');
    expect(data.a!.label.show).toBe(true);
    expect(data.e!.label.show).toBe(true);
    expect(data.e!.name).toBe('未知用户');
    expect(data.b!.label.show).toBe(true);
    expect(data.c!.label.show).toBe(false);
    expect(data.a!.symbolSize).toBe(MAX_SIZE);
    expect(data.c!.symbolSize).toBe(MIN_SIZE);
    expect(data.e!.symbolSize).toBeGreaterThanOrEqual(MIN_ROOT_SIZE);
  });

  it('counts each kind in the legend, in its colour', () => {
    const colors = categoryColors('#3673F1', ['#41B748']);
    expect(legendItems(graphModel(answer), colors, currentT())).toEqual([
      { name: '原帖', color: '#3673F1', count: 2 },
      { name: '二次传播', color: '#41B748', count: 1 },
      { name: '转发', color: '#A3ADBD', count: 3 },
    ]);
  });

  it('tooltips name, creation time in the project zone and retweets, HTML escaped', () => {
    const withTime = retweetGraphOption(
      graphModel({
        nodes: [
          { id: 'x', name: '<b>甲</b>', value: 1234, created: Date.UTC(2024, 0, 2, 16, 5, 6) },
        ],
        edges: [],
      }),
      { primary: '#3673F1', palette: [], timeZone: 'Asia/Shanghai' },
    );
    const text = withTime.tooltip.formatter({
      dataType: 'node',
      data: withTime.series[0]!.data[0],
    });
    expect(text).toContain('&lt;b&gt;甲&lt;/b&gt;');
    expect(text).toContain('2024/01/03 00:05:06');
    expect(text).toContain('1,234');
    expect(option.tooltip.formatter({ dataType: 'edge', data: { source: 'a', target: 'b' } })).toBe(
      '<b>ua → ub</b>',
    );
  });
});

describe('helpers', () => {
  it('formats unknown times as -', () => {
    expect(formatCreated(0, 'Asia/Shanghai')).toBe('-');
  });
});
