import { previousRange, resolveCompareRange, type DateRange } from '../dashboard/date-ranges.js';
import { compactRequest, type ChartRequest } from '../dashboard/query-state.js';
import type { WidgetSpecs } from './widget-data.js';
import type { Aggregation, FilterChip } from '../posts/query.js';
import type {
  NameValue,
  PivotCell,
  SearchAnswer,
  TrendAnswer,
  WordsAnswer,
} from '../posts/answers.js';
import { withDefaults } from './request.js';
import type { PlanInput, SearchBodyOf, WidgetData } from './types.js';

/**
 * A widget asking POST /search once: the type's defaults where the widget sets none, and what
 * the type fixes whatever the widget sets.
 */
export function single<A extends Aggregation>(
  defaults: Parameters<typeof withDefaults<A>>[1],
  fixed: Partial<SearchBodyOf<A>> = {},
  sources?: readonly A[],
): WidgetData<SearchAnswer<A>, [A]> {
  return {
    plan: ({ request }) => [{ ...withDefaults(request, defaults, sources), ...fixed }],
    combine: ([answer]) => answer,
  };
}

/** What a compare-bar draws: the terms of both periods and the periods themselves. */
export interface CompareAnswer {
  current: NameValue[];
  previous: NameValue[];
  ranges: { current: DateRange; previous: DateRange };
}

/** The current period of a compare-bar: the widget's own range, else the page's. */
function currentRange({ request, query }: PlanInput): DateRange {
  return {
    start: typeof request.start === 'number' ? request.start : query.start,
    end: typeof request.end === 'number' ? request.end : query.end,
  };
}

/**
 * The period compared to: the widget's named range (`options.compare`, resolved at `now`), or by
 * default the range of equal length just before the current one.
 */
export function comparisonRange(current: DateRange, input: Omit<PlanInput, 'request' | 'query'>) {
  const named = input.chart.options.compare;
  return named ? resolveCompareRange(named, input.now, input.timeZone) : previousRange(current);
}

const compare: WidgetData<CompareAnswer, ['common_terms', 'common_terms']> = {
  plan: (input) => {
    const body = withDefaults(input.request, { aggs: 'common_terms', field: 'media_platform' });
    const current = currentRange(input);
    return [
      { ...body, ...current },
      { ...body, ...comparisonRange(current, input) },
    ];
  },
  combine: ([now, before], input) => {
    const current = currentRange(input);
    return {
      current: now.list,
      previous: before.list,
      ranges: { current, previous: comparisonRange(current, input) },
    };
  },
};

/** Words read of a subset and of the range, to rank the subset's by what sets them apart. */
const WORDS_READ = 100;

const sameChip = (a: FilterChip, b: FilterChip) =>
  a.field === b.field &&
  a.exclude === b.exclude &&
  a.value.join('\u0000') === b.value.join('\u0000');

/**
 * A word cloud of a subset (its own chips, as 负面热词's 情感 = 负面) shows what sets the subset
 * apart from all posts of the range (the page's query without those chips), not what is frequent
 * everywhere (星河, 外观设计): each word scores a·ln(p/q), a its count in the subset, p and q its
 * share of the subset's and of the range's posts; only words more frequent in the subset are kept,
 * highest score first. A word missing from the range's top 100 counts as the last one's count.
 * A cloud without chips of its own is the range's most frequent words.
 */
const words: WidgetData<WordsAnswer, ['common_words'] | ['common_words', 'common_words']> = {
  plan: ({ request, chart }) => {
    const body = withDefaults(request, { aggs: 'common_words' });
    const own = chart.filter.filter((chip) => !chip.ignore);
    if (own.length === 0) return [body];
    const subset = { ...body, size: WORDS_READ };
    const filters = ((body.filters as FilterChip[] | undefined) ?? []).filter(
      (chip) => !own.some((o) => sameChip(o, chip)),
    );
    return [subset, { ...compactRequest({ ...subset, filters }), aggs: subset.aggs }];
  },
  combine: ([answer, all], { request }) => {
    if (!all) return answer;
    const size = typeof request.size === 'number' ? request.size : WORDS_READ;
    const counts = new Map(all.list.map((word) => [word.name, word.value]));
    const floor = all.list.at(-1)?.value ?? 1;
    const scored = answer.list
      .map((word) => {
        const p = word.value / Math.max(answer.posts, 1);
        const q = Math.max(counts.get(word.name) ?? floor, word.value) / Math.max(all.posts, 1);
        return { word, score: word.value * Math.log(p / q) };
      })
      .filter(({ score }) => score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, size);
    return { ...answer, list: scored.map(({ word }) => word) };
  },
};

/** A stack-bar draws a pivot (rows × cols) or a trend with series; its request says which. */
export type StackAnswer =
  { kind: 'pivot'; list: PivotCell[] } | { kind: 'trend'; trend: TrendAnswer };

const isPivotStack = (request: ChartRequest) =>
  request.aggs === 'common_pivot' ||
  (request.aggs === undefined && request.rows !== undefined && request.cols !== undefined);

const stack: WidgetData<StackAnswer, ['common_pivot' | 'common_trend']> = {
  plan: ({ request }) => [
    withDefaults(request, { aggs: isPivotStack(request) ? 'common_pivot' : 'common_trend' }),
  ],
  combine: ([answer]) =>
    'interval' in answer ? { kind: 'trend', trend: answer } : { kind: 'pivot', list: answer.list },
};

const CHART = { w: 12, h: 12 };
const TREND_OPTIONS = ['valueTypes', 'intervals', 'format', 'showLegend'] as const;
const TERMS_OPTIONS = ['valueTypes', 'format', 'showLegend'] as const;

const trend = single({ aggs: 'common_trend' });
const heat = single({ aggs: 'common_heatmap' });
/** A tree map or a sunburst draws a `*_paths` field's tree, or one level of groups. */
const tree = single({ aggs: 'common_all_topic' }, {}, ['common_all_topic', 'common_terms']);

/** Trends, bars, pies, word cloud, map, heat maps, tree map and sunburst. */
export const chartSpecs = {
  lines: {
    type: 'lines',
    label: '折线图',
    group: '图表',
    size: CHART,
    options: { valueTypes: ['volume', 'engagement_num'] },
    sources: ['common_trend'],
    optionKeys: [...TREND_OPTIONS],
    switches: { valueType: true, interval: true },
    data: trend,
  },
  pie: {
    type: 'pie',
    label: '饼图',
    group: '图表',
    size: { w: 8, h: 12 },
    innerRequest: { field: 'tendency' },
    options: { showLegend: true },
    sources: ['common_terms'],
    optionKeys: [...TERMS_OPTIONS],
    switches: { valueType: true },
    data: single({ aggs: 'common_terms', field: 'tendency' }),
  },
  bar: {
    type: 'bar',
    label: '柱状图',
    group: '图表',
    size: CHART,
    innerRequest: { field: 'media_platform', size: 10 },
    sources: ['common_terms'],
    optionKeys: [...TERMS_OPTIONS, 'horizontal'],
    switches: { valueType: true },
    data: single({ aggs: 'common_terms', field: 'media_platform' }),
  },
  'compare-bar': {
    type: 'compare-bar',
    label: '对比柱状图',
    group: '图表',
    size: CHART,
    innerRequest: { field: 'media_platform', size: 10 },
    sources: ['common_terms'],
    optionKeys: ['valueTypes', 'compare', 'format', 'horizontal', 'showLegend'],
    switches: { valueType: true },
    data: compare,
  },
  'stack-bar': {
    type: 'stack-bar',
    label: '堆叠柱状图',
    group: '图表',
    size: CHART,
    innerRequest: { series: 'media_platform' },
    sources: ['common_trend', 'common_pivot'],
    optionKeys: [...TREND_OPTIONS, 'horizontal'],
    switches: { valueType: true, interval: true },
    data: stack,
  },
  'area-stack': {
    type: 'area-stack',
    label: '堆叠面积图',
    group: '图表',
    size: CHART,
    innerRequest: { series: 'media_platform' },
    options: { showLegend: true },
    sources: ['common_trend'],
    optionKeys: [...TREND_OPTIONS],
    switches: { valueType: true, interval: true },
    data: trend,
  },
  words: {
    type: 'words',
    label: '词云',
    group: '图表',
    size: CHART,
    // The server's default too: the words of a cloud are read once, whoever asks.
    innerRequest: { size: 100 },
    sources: ['common_words'],
    optionKeys: [],
    switches: {},
    data: words,
  },
  map: {
    type: 'map',
    label: '地图',
    group: '图表',
    size: { w: 12, h: 16 },
    sources: ['common_terms'],
    optionKeys: ['valueTypes', 'format'],
    switches: { valueType: true },
    // Every province, whatever the widget's field and size say.
    data: single({ aggs: 'common_terms' }, { field: 'province', size: 34 }),
  },
  'heat-map': {
    type: 'heat-map',
    label: '热力图',
    group: '图表',
    size: CHART,
    sources: ['common_heatmap'],
    optionKeys: ['valueTypes'],
    switches: { valueType: true },
    data: heat,
  },
  'heat-map-polar': {
    type: 'heat-map-polar',
    label: '极坐标热力图',
    group: '图表',
    size: CHART,
    sources: ['common_heatmap'],
    optionKeys: ['valueTypes'],
    switches: { valueType: true },
    data: heat,
  },
  'tree-map': {
    type: 'tree-map',
    label: '矩形树图',
    group: '图表',
    size: CHART,
    innerRequest: { field: 'topic_paths', size: 20 },
    sources: ['common_terms', 'common_all_topic'],
    optionKeys: ['format'],
    switches: {},
    data: tree,
  },
  sunburst: {
    type: 'sunburst',
    label: '旭日图',
    group: '图表',
    size: CHART,
    sources: ['common_all_topic'],
    optionKeys: ['format'],
    switches: {},
    data: tree,
  },
} satisfies Partial<WidgetSpecs>;
