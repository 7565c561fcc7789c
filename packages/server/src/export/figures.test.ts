import {
  chart,
  compareModel,
  pivotModel,
  termsModel,
  valueLabels,
  displayValue,
  planInput,
  post,
  widgetColors,
  type Chart,
  type ChartRequest,
  type SiteSettings,
} from '@yuqing/core';
import { FIXTURE_CONTEXT, FIXTURE_QUERY, WIDGET_FIXTURES } from '@yuqing/core/testing';
import { describe, expect, it } from 'vitest';
import { figureOf, type ChartFigure, type Figure } from './figures.js';

const site = {
  colors: ['#41B748', '#2E57E4', '#F5A623', '#E8545A'],
  colorMap: [
    { name: '正面', value: '#41B748' },
    { name: '中性', value: '#2E57E4' },
    { name: '负面', value: '#E8545A' },
  ],
} as SiteSettings;
const labels = valueLabels(undefined);
const name = (value: string) => displayValue(labels, value);
const context = { site, labels, timeZone: 'Asia/Shanghai' };
const colors = widgetColors(site);

const widget = (type: Chart['type'], options: Record<string, unknown> = {}) =>
  chart.parse({ i: 'w1', type, title: type, x: 0, y: 0, w: 12, h: 10, options });
const figure = (of: Chart, data: unknown): Figure =>
  figureOf(of, { data }, { request: {} as ChartRequest }, context);
const asChart = (drawn: Figure) => {
  expect(drawn.kind).toBe('chart');
  return drawn as ChartFigure;
};

/** Province × sentiment as the answer lists it: not in the dashboard's order. */
const provinces = [
  { row: '广东', col: '中性', value: 30 },
  { row: '北京', col: '正面', value: 50 },
  { row: '北京', col: '负面', value: 5 },
  { row: '广东', col: '正面', value: 40 },
  { row: '上海', col: '中性', value: 10 },
  { row: '北京', col: '中性', value: 20 },
];

describe('an exported chart is the dashboard’s chart', () => {
  it('stack-bar: bars by total, series stacked largest first, coloured by name', () => {
    const drawn = asChart(figure(widget('stack-bar'), { kind: 'pivot', list: provinces }));
    const model = pivotModel(provinces, name);
    expect(drawn.labels).toEqual(['北京', '广东', '上海']);
    expect(drawn.labels).toEqual(model.labels);
    expect(drawn.series.map((s) => s.name)).toEqual(['正面', '中性', '负面']);
    expect(drawn.series).toEqual(model.series.map(({ name, values }) => ({ name, values })));
    expect(drawn.colors).toEqual(['#41B748', '#2E57E4', '#E8545A']);
    expect(drawn.stacked).toBe(true);
  });

  it('compare-bar: 本期 and 对比期 in the dashboard’s colours, current terms first', () => {
    const answer = {
      current: [
        { name: 'Weibo', value: 10 },
        { name: 'WeChat', value: 4 },
      ],
      previous: [
        { name: 'WeChat', value: 6 },
        { name: 'Douyin', value: 3 },
      ],
    };
    const drawn = asChart(figure(widget('compare-bar'), answer));
    const model = compareModel(answer.current, answer.previous, name);
    expect(drawn.series.map((s) => s.name)).toEqual(['本期', '对比期']);
    expect(drawn.labels).toEqual(model.labels);
    expect(drawn.labels).toEqual(['微博', '微信', '抖音']);
    expect(drawn.colors).toEqual([colors.of('本期', 0), colors.of('对比期', 1)]);
    expect(drawn.colors).toEqual(colors.palette.slice(0, 2));
  });

  it('bar: the terms in the answer’s order, named, one series in the bar colour', () => {
    const list = [
      { name: 'Weibo', value: 9 },
      { name: '/话题/新品', value: 4 },
    ];
    const drawn = asChart(figure(widget('bar'), { list }));
    expect(drawn.labels).toEqual(termsModel(list, '声量', name).labels);
    expect(drawn.series).toEqual([{ name: '声量', values: [9, 4] }]);
  });

  it('pivottable: rows and columns by their totals, as the dashboard’s cross table', () => {
    const drawn = figure(widget('pivottable'), {
      rows: 'province',
      cols: 'tendency',
      list: provinces,
    });
    expect(drawn.kind).toBe('table');
    const table = drawn as Extract<Figure, { kind: 'table' }>;
    expect(table.columns.slice(1)).toEqual(['正面', '中性', '负面', '合计']);
    expect(table.rows.map((row) => row[0])).toEqual(['北京', '广东', '上海']);
    expect(table.rows[0]).toEqual(['北京', '50', '20', '5', '75']);
  });

  it('tree-map: each platform in the colour the dashboard gives it', () => {
    const list = [
      { name: 'Weibo', value: 9 },
      { name: 'QA', value: 5 },
    ];
    const drawn = figure(widget('tree-map'), { list });
    expect(drawn.kind).toBe('picture');
    const { picture } = drawn as Extract<Figure, { kind: 'picture' }>;
    expect(picture.kind === 'tree' && picture.nodes.map((node) => node.color)).toEqual([
      colors.of('Weibo', 0),
      colors.of('QA', 1),
    ]);
  });
});

describe('an exported event timeline', () => {
  it('lists each event’s post headed by the event, with its time and why, linking the post', () => {
    const first = post.parse({
      _id: 'a',
      created: Date.UTC(2026, 10, 1, 2),
      title: '首发帖',
      author: '车主',
      uri: 'https://weibo.com/a',
    });
    const peak = post.parse({
      _id: 'b',
      created: Date.UTC(2026, 10, 2, 3),
      text: '峰值帖正文',
      media_platform: 'Weibo',
    });
    const drawn = figure(widget('event-timeline'), {
      interval: 'day',
      events: [
        { kind: 'first', time: first.created, post: first },
        {
          kind: 'peak',
          time: Date.UTC(2026, 10, 1, 16),
          end: Date.UTC(2026, 10, 2, 16),
          posts: 4321,
          post: peak,
        },
      ],
    });
    expect(drawn.kind).toBe('posts');
    const { posts, total } = drawn as Extract<Figure, { kind: 'posts' }>;
    expect(total).toBe(2);
    expect(posts.map((item) => item.title)).toEqual(['【首发】首发帖', '【声量峰值】峰值帖正文']);
    expect(posts[0]!.url).toBe('https://weibo.com/a');
    expect(posts[0]!.meta).toBe('2026-11-01 10:00:00 · 车主');
    expect(posts[1]!.meta).toBe(
      `2026-11-02 · 4,321 条信息，其中互动最多的一条 · 2026-11-02 11:00:00 · ${name('Weibo')}`,
    );
  });

  it('says 暂无数据 when the timeline has no events', () => {
    expect(figure(widget('event-timeline'), { interval: 'day', events: [] })).toEqual({
      kind: 'note',
      text: '暂无数据',
    });
  });
});

/** Every text and number a figure carries, as text. */
const textsOf = (value: unknown): string[] =>
  typeof value === 'string' || typeof value === 'number'
    ? [String(value)]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(textsOf)
      : [];

describe('every widget’s figure', () => {
  it.each(Object.values(WIDGET_FIXTURES))(
    '$chart.type: drawn from its fixture’s data, with what the data holds',
    ({ chart, data, shows }) => {
      const input = planInput(chart, FIXTURE_QUERY, FIXTURE_CONTEXT);
      const drawn = figureOf(chart, { data }, input, context);
      expect(drawn.kind).not.toBe('note');
      const texts = textsOf(drawn);
      for (const text of shows)
        expect(
          texts.some((carried) => carried.includes(text)),
          text,
        ).toBe(true);
    },
  );
});
