import type { WidgetSpecs } from './widget-data.js';
import type { Chart } from '../dashboard/chart.js';
import type { ChartRequest } from '../dashboard/query-state.js';
import type { AuthorRank, NameValue, PathCount } from '../posts/answers.js';
import type { FilterField, ValueType } from '../posts/fields.js';
import { pathDepth } from '../posts/paths.js';
import { requestValueType, shareOf } from './request.js';
import { single } from './charts.js';
import type { SearchBodyOf, WidgetData } from './types.js';

/** Competing lists compare brands at this path level unless configured. */
export const DEFAULT_BRAND_LEVEL = 1;

/** A competing list: each compared path's measure, its share, and the second measure beside it. */
export interface CompetingData {
  field: FilterField;
  valueType: ValueType;
  otherType: ValueType;
  rows: CompetingRow[];
}

export interface CompetingRow {
  /** The value a click filters by (a path). */
  path: string;
  value: number;
  share: number;
  /** The second measure; undefined when it was not asked for. */
  other: number | undefined;
}

export function competingField(chart: Chart): FilterField {
  return chart.innerRequest.field ?? 'brand_paths';
}

/** The measure a competing list ranks by, and the other one shown beside it. */
function competingTypes(request: ChartRequest, chart: Chart) {
  const valueType = requestValueType(request, chart);
  const otherType: ValueType = valueType === 'engagement_num' ? 'volume' : 'engagement_num';
  return { valueType, otherType };
}

/**
 * The two terms requests of a competing list: the configured paths (at their own level, all of
 * them), else the field's top values at the brand level.
 */
export function competingRequests(
  request: ChartRequest,
  chart: Chart,
): [SearchBodyOf<'common_terms'>, SearchBodyOf<'common_terms'>] {
  const field = competingField(chart);
  const { valueType, otherType } = competingTypes(request, chart);
  const paths = chart.options.paths?.filter(Boolean) ?? [];
  const base: SearchBodyOf<'common_terms'> = { ...request, aggs: 'common_terms', field };
  if (paths.length > 0) {
    const filters = Array.isArray(request.filters) ? request.filters : [];
    Object.assign(base, {
      level: Math.max(pathDepth(paths[0]!) - 1, 0),
      size: 100,
      filters: [...filters, { field, value: paths, exclude: false, ignore: false }],
    });
  } else {
    base.level = chart.innerRequest.level ?? DEFAULT_BRAND_LEVEL;
    base.size = chart.innerRequest.size ?? 10;
  }
  return [
    { ...base, value_type: valueType },
    { ...base, value_type: otherType },
  ];
}

/**
 * Rows of a competing list: the configured paths in order of value (0 when absent from the
 * answer), else the answer's own order; shares are of the rows' total.
 */
export function competingRows(
  primary: readonly NameValue[],
  secondary: readonly NameValue[] | undefined,
  paths?: readonly string[],
): CompetingRow[] {
  const values = new Map(primary.map((item) => [item.name, item.value]));
  const others = secondary && new Map(secondary.map((item) => [item.name, item.value]));
  const listed = paths?.length
    ? [...new Set(paths.filter(Boolean))]
        .map((path) => ({ name: path, value: values.get(path) ?? 0 }))
        .sort((a, b) => b.value - a.value)
    : primary;
  const total = listed.reduce((sum, item) => sum + item.value, 0);
  return listed.map((item) => ({
    path: item.name,
    value: item.value,
    share: shareOf(item.value, total),
    other: others ? (others.get(item.name) ?? 0) : undefined,
  }));
}

const competing: WidgetData<CompetingData, ['common_terms', 'common_terms']> = {
  plan: ({ request, chart }) => competingRequests(request, chart),
  combine: ([primary, secondary], { request, chart }) => ({
    field: competingField(chart),
    ...competingTypes(request, chart),
    rows: competingRows(primary.list, secondary.list, chart.options.paths),
  }),
};

/** A path tree: the counts of every path of a `*_paths` field, nested. */
export interface PathTreeData {
  field: FilterField;
  list: PathCount[];
}

const pathTreeField = (chart: Chart) => chart.innerRequest.field ?? 'topic_paths';

const pathTree: WidgetData<PathTreeData, ['common_all_topic']> = {
  plan: ({ request, chart }) => [
    { ...request, aggs: 'common_all_topic', field: pathTreeField(chart) },
  ],
  combine: ([answer], { chart }) => ({
    field: pathTreeField(chart),
    list: answer.list,
  }),
};

export type TableAggregation = 'common_terms' | 'common_authors';

/** A ranking table: groups of a field, or authors with their engagement. */
export interface TableData {
  aggs: TableAggregation;
  field: FilterField | undefined;
  valueType: ValueType;
  list: (NameValue | AuthorRank)[];
}

export function tableAggregation(chart: Chart): TableAggregation {
  return chart.aggs === 'common_authors' ? 'common_authors' : 'common_terms';
}

/** The grouped field: configured, else author for author rankings, else none (terms need one). */
export function tableField(chart: Chart): FilterField | undefined {
  return (
    chart.innerRequest.field ??
    (tableAggregation(chart) === 'common_authors' ? 'author' : undefined)
  );
}

const table: WidgetData<TableData, [TableAggregation]> = {
  plan: ({ request, chart }) => {
    const aggs = tableAggregation(chart);
    const field = tableField(chart);
    return [
      {
        ...request,
        aggs,
        ...(field ? { field } : {}),
        ...(aggs === 'common_terms' ? { value_type: requestValueType(request, chart) } : {}),
      },
    ];
  },
  combine: ([answer], { request, chart }) => ({
    aggs: tableAggregation(chart),
    field: tableField(chart),
    valueType: requestValueType(request, chart),
    list: answer.list,
  }),
};

const statistics = single({ aggs: 'common_statistics' }, { aggs: 'common_statistics' });

/** Statistics, cards, competing lists, tables, the path tree, iframes and landing pages. */
export const basicSpecs = {
  statistics: {
    type: 'statistics',
    label: '数据统计',
    group: '统计',
    size: { w: 12, h: 8 },
    options: { metrics: ['volume', 'engagement_num'] },
    sources: ['common_statistics'],
    optionKeys: ['metrics', 'format'],
    switches: {},
    data: statistics,
  },
  'statistics-card': {
    type: 'statistics-card',
    label: '统计卡片',
    group: '统计',
    size: { w: 24, h: 8 },
    options: { metrics: ['volume', 'engagement_num', '正面', '负面'] },
    sources: ['common_statistics'],
    optionKeys: ['metrics', 'format'],
    switches: {},
    data: statistics,
  },
  'competing-list': {
    type: 'competing-list',
    label: '竞品对比',
    group: '统计',
    size: { w: 12, h: 15 },
    innerRequest: { field: 'brand_paths', level: DEFAULT_BRAND_LEVEL, size: 10 },
    sources: ['common_terms'],
    optionKeys: ['paths', 'format'],
    switches: { valueType: true },
    data: competing,
  },
  'm-table': {
    type: 'm-table',
    label: '表格',
    group: '统计',
    size: { w: 12, h: 15 },
    innerRequest: { field: 'author', size: 20 },
    options: { pageSize: 7 },
    sources: ['common_authors', 'common_terms'],
    optionKeys: ['columns', 'pageSize', 'format'],
    // The value type counts only for groupings; author rankings always count posts.
    switches: { valueType: true },
    data: table,
  },
  'path-tree': {
    type: 'path-tree',
    label: '路径树',
    group: '图表',
    size: { w: 8, h: 16 },
    sources: ['common_all_topic'],
    optionKeys: [],
    switches: {},
    data: pathTree,
  },
  'm-iframe': {
    type: 'm-iframe',
    label: '内嵌页面',
    group: '其他',
    size: { w: 24, h: 30 },
    sources: [],
    optionKeys: ['url'],
    switches: {},
  },
  'landing-page': {
    type: 'landing-page',
    label: '落地页',
    group: '其他',
    size: { w: 24, h: 6 },
    options: { heading: '标题', content: '' },
    sources: [],
    optionKeys: ['heading', 'content', 'image'],
    switches: {},
  },
} satisfies Partial<WidgetSpecs>;
