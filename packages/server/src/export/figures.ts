import {
  BAR_COLOR,
  FIELD_LABELS,
  VALUE_TYPE_LABELS,
  displayValue,
  formatMetric,
  formatPercent,
  formatPostTime,
  formatValue,
  timelineEventText,
  changeTone,
  metricRows,
  buildPivot,
  MAX_COLUMNS,
  pivotModel,
  termsModel,
  compareModel,
  type BarModel,
  postMainText,
  requestValueType,
  trendModel,
  widgetColors,
  type Chart,
  type CompetingData,
  type NameValue,
  type PathCount,
  type PathTreeData,
  type PivotData,
  type PlanInput,
  type PostWidgetData,
  type RetweetGraphAnswer,
  type WidgetDataOf,
  type WidgetType,
  type EventTimelineAnswer,
  type Post,
  type SiteSettings,
  type StatisticsAnswer,
  type TableData,
  type TrendAnswer,
  type HeatCell,
  type WidgetResult,
} from '@yuqing/core';

/**
 * A widget as an export draws it, whatever the format: native charts with their series, number
 * cards, tables, post lists, pictures (drawn on the server) and notes. The numbers are the
 * widget's data as the dashboard has it; only their presentation is decided here.
 */
export type Figure =
  | ChartFigure
  | { kind: 'numbers'; items: NumberItem[] }
  | { kind: 'table'; columns: string[]; rows: string[][] }
  | { kind: 'posts'; total: number; posts: FigurePost[] }
  | { kind: 'picture'; picture: Picture }
  | { kind: 'note'; text: string };

export type NativeChartKind = 'bar' | 'line' | 'area' | 'pie' | 'doughnut';

export interface ChartFigure {
  kind: 'chart';
  chart: NativeChartKind;
  /** Categories (x axis, pie slices). */
  labels: string[];
  series: { name: string; values: number[] }[];
  /** One colour per series, or per slice for pies. */
  colors: string[];
  stacked: boolean;
  horizontal: boolean;
  showLegend: boolean;
}

export interface NumberItem {
  label: string;
  value: string;
  /** Against the previous period: '+12.5%', '-3.0%'; absent without a base. */
  change?: string;
  /** Whether the change is good news (green) or bad (red), as the dashboard colours it. */
  tone: 'good' | 'bad' | 'neutral';
}

export interface FigurePost {
  title: string;
  url: string;
  /** Time, platform, author. */
  meta: string;
  text: string;
}

/** What only a picture can show: its kind and the data it is drawn from. */
export type Picture =
  | { kind: 'chart'; chart: ChartFigure }
  | { kind: 'words'; words: NameValue[]; colors: string[] }
  | { kind: 'map'; regions: NameValue[]; color: string; valueLabel: string }
  | { kind: 'heat'; cells: HeatCell[]; color: string }
  | { kind: 'tree'; nodes: TreeNode[]; sunburst: boolean; colors: string[] };

export interface TreeNode {
  name: string;
  value: number;
  children?: TreeNode[];
  /** A top node's colour, as the dashboard gives it (a platform's own). */
  color?: string;
}

export interface FigureContext {
  site: SiteSettings;
  /** Display names of codes (platforms, media types). */
  labels: ReadonlyMap<string, string>;
  timeZone: string;
}

/** The most rows a table or post list shows in a slide or a brief. */
export const FIGURE_MAX_ROWS = 20;
const TEXT_LIMIT = 140;

export const EMPTY_TEXT = '暂无数据';

/** The figure of one widget from its page_data result. */
export function figureOf(
  chart: Chart,
  result: WidgetResult | undefined,
  input: Pick<PlanInput, 'request'>,
  context: FigureContext,
): Figure {
  if (chart.type === 'm-iframe') return { kind: 'note', text: chart.options.url ?? '' };
  if (chart.type === 'landing-page')
    return {
      kind: 'note',
      text: [chart.options.heading, chart.options.content].filter(Boolean).join('\n'),
    };
  if (!result) return { kind: 'note', text: EMPTY_TEXT };
  if ('error' in result) return { kind: 'note', text: `数据加载失败：${result.error}` };
  const figure = draw(chart, result.data, input, context);
  return isEmpty(figure) ? { kind: 'note', text: EMPTY_TEXT } : figure;
}

function isEmpty(figure: Figure): boolean {
  switch (figure.kind) {
    case 'chart':
      return figure.labels.length === 0 || figure.series.every((s) => s.values.every((v) => !v));
    case 'table':
      return figure.rows.length === 0;
    case 'posts':
      return figure.posts.length === 0;
    case 'picture': {
      const picture = figure.picture;
      if (picture.kind === 'chart') return isEmpty(picture.chart);
      if (picture.kind === 'words') return picture.words.length === 0;
      if (picture.kind === 'map') return picture.regions.every((r) => !r.value);
      if (picture.kind === 'heat') return picture.cells.every((c) => !c.value);
      return picture.nodes.length === 0;
    }
    default:
      return false;
  }
}

/** What every widget's figure is drawn with: its chart, context, and the shared chart shapes. */
interface Drawing {
  chart: Chart;
  context: FigureContext;
  name: (value: string) => string;
  colors: ReturnType<typeof widgetColors>;
  valueLabel: string;
  trend(answer: TrendAnswer, kind: NativeChartKind, stacked: boolean): ChartFigure;
  terms(list: NameValue[], kind: NativeChartKind): ChartFigure;
  /** Bars as the dashboard draws them: its order, stacking, series names and colours. */
  bars(model: BarModel, stacked: boolean): ChartFigure;
}

function drawing(
  chart: Chart,
  { request }: Pick<PlanInput, 'request'>,
  context: FigureContext,
): Drawing {
  const name = (value: string) => displayValue(context.labels, value);
  const colors = widgetColors(context.site, chart.theme);
  const valueLabel = VALUE_TYPE_LABELS[requestValueType(request, chart)];
  const showLegend = chart.options.showLegend ?? true;
  const horizontal = chart.options.horizontal ?? false;
  const chartOf = (
    kind: NativeChartKind,
    model: Pick<BarModel, 'labels' | 'series'>,
    seriesColors: string[],
    stacked: boolean,
  ): ChartFigure => ({
    kind: 'chart',
    chart: kind,
    labels: model.labels,
    series: model.series.map(({ name, values }) => ({ name, values })),
    colors: seriesColors,
    stacked,
    horizontal,
    showLegend,
  });
  return {
    chart,
    context,
    name,
    colors,
    valueLabel,
    trend: (answer, kind, stacked) => {
      const model = trendModel(answer, context.timeZone, valueLabel, name);
      const seriesColors = model.series.map(({ key }, i) => colors.of(key, i));
      return chartOf(kind, model, seriesColors, stacked);
    },
    terms: (list, kind) => {
      const seriesColors =
        kind === 'bar'
          ? [chart.theme?.[0] ?? BAR_COLOR]
          : list.map((item, i) => colors.of(item.name, i));
      return chartOf(kind, termsModel(list, valueLabel, name), seriesColors, false);
    },
    bars: (model, stacked) =>
      chartOf(
        'bar',
        model,
        model.series.map(({ key }, i) => colors.of(key, i)),
        stacked,
      ),
  };
}

const picture = (drawn: Picture): Figure => ({ kind: 'picture', picture: drawn });
const pictureColor = (d: Drawing) => d.colors.palette[1] ?? BAR_COLOR;

/** How each widget type's data becomes its figure: one entry per type, typed by its data. */
const FIGURES: { [T in WidgetType]: (data: WidgetDataOf<T>, d: Drawing) => Figure } = {
  lines: (data, d) => d.trend(data, 'line', false),
  'area-stack': (data, d) => d.trend(data, 'area', true),
  'stack-bar': (data, d) =>
    data.kind === 'trend'
      ? d.trend(data.trend, 'bar', true)
      : d.bars(pivotModel(data.list, d.name), true),
  pie: (data, d) => d.terms(data.list, 'doughnut'),
  bar: (data, d) => d.terms(data.list, 'bar'),
  'compare-bar': (data, d) => d.bars(compareModel(data.current, data.previous, d.name), false),
  words: (data, d) => picture({ kind: 'words', words: data.list, colors: d.colors.palette }),
  map: (data, d) =>
    picture({ kind: 'map', regions: data.list, color: pictureColor(d), valueLabel: d.valueLabel }),
  'heat-map': (data, d) => picture({ kind: 'heat', cells: data.list, color: pictureColor(d) }),
  'heat-map-polar': (data, d) =>
    picture({ kind: 'heat', cells: data.list, color: pictureColor(d) }),
  'tree-map': (data, d) => treePicture(data.list, d, false),
  sunburst: (data, d) => treePicture(data.list, d, true),
  statistics: (data, d) => numbers(data, d.chart),
  'statistics-card': (data, d) => numbers(data, d.chart),
  'competing-list': (data, d) => competingTable(data, d.name),
  'm-table': (data, d) => rankingTable(data, d.chart, d.name),
  'path-tree': (data) => pathTable(data),
  pivottable: (data, d) => pivotTable(data, d.name, d.chart.options.format ?? 'number'),
  pivottable2: (data, d) => pivotTable(data, d.name, d.chart.options.format ?? 'number'),
  'm-weibo-graph': (data, d) => graphTable(data, d.context.timeZone),
  'event-timeline': (data, d) => timelinePosts(data, d.context),
  'tab-post': (data, d) => postList(data, d.context),
  articles: (data, d) => postList(data, d.context),
  'post-list': (data, d) => postList(data, d.context),
  information: (data, d) => postList(data, d.context),
  'search-post': (data, d) => postList(data, d.context),
  'hot-list': (data, d) => postList(data, d.context),
  'm-iframe': () => ({ kind: 'note', text: '' }),
  'landing-page': () => ({ kind: 'note', text: '' }),
};

/** The data came from page_data as `unknown`: it is the data of the chart's type. */
function draw(
  chart: Chart,
  data: unknown,
  input: Pick<PlanInput, 'request'>,
  context: FigureContext,
): Figure {
  const figureOfType = FIGURES[chart.type] as (data: unknown, d: Drawing) => Figure;
  return figureOfType(data, drawing(chart, input, context));
}

function treePicture(list: (PathCount | NameValue)[], d: Drawing, sunburst: boolean): Figure {
  return picture({
    kind: 'tree',
    nodes: treeNodes(list, d.name, d.colors.of),
    sunburst,
    colors: d.colors.palette,
  });
}

function numbers(data: StatisticsAnswer, chart: Chart): Figure {
  return {
    kind: 'numbers',
    items: metricRows(data, chart.options.metrics).map((row) => ({
      label: row.label,
      value: formatMetric(row.current, row.rate),
      change: row.change === undefined ? undefined : signedPercent(row.change),
      tone: changeTone(row.metric, row.change),
    })),
  };
}

const signedPercent = (share: number) =>
  Number.isFinite(share) ? `${share > 0 ? '+' : ''}${formatPercent(share)}` : '—';

/** Nodes of a tree picture; a lone root (the field's top path) is left out, its children shown. */
function treeNodes(
  list: (PathCount | NameValue)[],
  name: (value: string) => string,
  colorOf?: (key: string, index: number) => string,
): TreeNode[] {
  const only = list.length === 1 ? (list[0] as Partial<PathCount>) : undefined;
  if (only?.children?.length) return treeNodes(only.children, name, colorOf);
  return list.map((item, index) => {
    const color = colorOf?.('path' in item ? item.path : item.name, index);
    return 'children' in item && item.children.length > 0
      ? { name: item.name, value: item.value, children: treeNodes(item.children, name), color }
      : { name: name(item.name), value: item.value, color };
  });
}

function competingTable(data: CompetingData, name: (value: string) => string): Figure {
  const withOther = data.rows.some((row) => row.other !== undefined);
  return {
    kind: 'table',
    columns: [
      FIELD_LABELS[data.field],
      VALUE_TYPE_LABELS[data.valueType],
      '占比',
      ...(withOther ? [VALUE_TYPE_LABELS[data.otherType]] : []),
    ],
    rows: data.rows.map((row) => [
      name(row.path),
      formatValue(row.value),
      formatPercent(row.share),
      ...(withOther ? [row.other === undefined ? '—' : formatValue(row.other)] : []),
    ]),
  };
}

function rankingTable(data: TableData, chart: Chart, name: (value: string) => string): Figure {
  const authors = data.aggs === 'common_authors';
  const titles: Record<string, string> = {
    rank: '排名',
    name: data.field ? FIELD_LABELS[data.field] : authors ? '作者' : '名称',
    value: authors ? '发文量' : VALUE_TYPE_LABELS[data.valueType],
    engagement: VALUE_TYPE_LABELS.engagement_num,
  };
  for (const { key, title } of chart.options.columns ?? []) {
    if (key in titles && title) titles[key] = title;
  }
  const format = chart.options.format ?? 'number';
  const total = data.list.reduce((sum, item) => sum + item.value, 0);
  return {
    kind: 'table',
    columns: [titles.rank!, titles.name!, titles.value!, ...(authors ? [titles.engagement!] : [])],
    rows: data.list
      .slice(0, FIGURE_MAX_ROWS)
      .map((item, index) => [
        String(index + 1),
        name(item.name),
        formatValue(item.value, format, total),
        ...('engagement' in item ? [formatValue(item.engagement)] : []),
      ]),
  };
}

function pathTable(data: PathTreeData): Figure {
  const rows: string[][] = [];
  const walk = (nodes: PathCount[], depth: number) => {
    for (const node of nodes) {
      if (rows.length >= FIGURE_MAX_ROWS) return;
      rows.push([`${'　'.repeat(depth)}${node.name}`, formatValue(node.value)]);
      walk(node.children, depth + 1);
    }
  };
  walk(data.list, 0);
  return { kind: 'table', columns: [FIELD_LABELS[data.field], '声量'], rows };
}

/** A cross table as the dashboard shows it: rows and columns by their totals, 其他 past 20. */
function pivotTable(
  data: PivotData,
  name: (value: string) => string,
  format: 'number' | 'abbr' | 'percent',
): Figure {
  const matrix = buildPivot(data.list, { label: name, maxColumns: MAX_COLUMNS });
  return {
    kind: 'table',
    columns: [
      `${FIELD_LABELS[data.rows]} \\ ${FIELD_LABELS[data.cols]}`,
      ...matrix.columns.map((column) => column.label),
      '合计',
    ],
    rows: matrix.rows
      .slice(0, FIGURE_MAX_ROWS)
      .map((row) => [
        row.label,
        ...row.cells.map((value) => formatValue(value, format, matrix.total)),
        formatValue(row.total, format, matrix.total),
      ]),
  };
}

function graphTable(graph: RetweetGraphAnswer, timeZone: string): Figure {
  const spread = new Map<string, number>();
  for (const edge of graph.edges) spread.set(edge.source, (spread.get(edge.source) ?? 0) + 1);
  const nodes = [...graph.nodes]
    .sort((a, b) => (spread.get(b.id) ?? 0) - (spread.get(a.id) ?? 0) || b.value - a.value)
    .slice(0, FIGURE_MAX_ROWS);
  return {
    kind: 'table',
    columns: ['账号', '转发数', '影响力', '发布时间'],
    rows: nodes.map((node) => [
      node.name,
      formatValue(spread.get(node.id) ?? 0),
      formatValue(node.value),
      formatPostTime(node.created, timeZone),
    ]),
  };
}

function postList(data: PostWidgetData, context: FigureContext): Figure {
  return {
    kind: 'posts',
    total: data.page.total,
    posts: data.page.list.slice(0, FIGURE_MAX_ROWS).map((post) => figurePost(post, context)),
  };
}

/** A timeline as its posts, each headed by its event (首发, 声量峰值, 负面升温…), when and why. */
function timelinePosts(data: EventTimelineAnswer, context: FigureContext): Figure {
  return {
    kind: 'posts',
    total: data.events.length,
    posts: data.events.map((event) => {
      const { label, when, detail } = timelineEventText(event, {
        interval: data.interval,
        timeZone: context.timeZone,
        locale: 'zh_CN',
      });
      const post = figurePost(event.post, context);
      return {
        ...post,
        title: `【${label}】${post.title}`,
        meta: [when, detail, post.meta].filter(Boolean).join(' · '),
      };
    }),
  };
}

function figurePost(post: Post, context: FigureContext): FigurePost {
  const text = postMainText(post).replace(/\s+/g, ' ').trim();
  return {
    title: (post.title || text).slice(0, 60),
    url: post.uri ?? '',
    meta: [
      formatPostTime(post.created, context.timeZone),
      displayValue(context.labels, post.media_platform ?? ''),
      post.author,
    ]
      .filter(Boolean)
      .join(' · '),
    text: text.length > TEXT_LIMIT ? `${text.slice(0, TEXT_LIMIT)}…` : text,
  };
}
