import {
  WIDGET_TYPES,
  type Aggregation,
  type Chart,
  type InnerRequest,
  type WidgetType,
} from '@yuqing/core';

/** The palette's groups (统计, 图表, 文章, 其他); every widget type is in exactly one. */
export const WIDGET_GROUPS: { label: string; types: WidgetType[] }[] = [
  {
    label: '统计',
    types: [
      'statistics',
      'statistics-card',
      'competing-list',
      'm-table',
      'pivottable',
      'pivottable2',
    ],
  },
  {
    label: '图表',
    types: [
      'lines',
      'pie',
      'bar',
      'compare-bar',
      'stack-bar',
      'area-stack',
      'words',
      'map',
      'heat-map',
      'heat-map-polar',
      'tree-map',
      'sunburst',
      'path-tree',
      'm-weibo-graph',
    ],
  },
  {
    label: '文章',
    types: ['articles', 'post-list', 'tab-post', 'information', 'search-post', 'hot-list'],
  },
  { label: '其他', types: ['m-iframe', 'landing-page'] },
];

/** The data sources a widget type can draw, its usual one first; empty for static widgets. */
export const TYPE_SOURCES: Record<WidgetType, Aggregation[]> = {
  statistics: ['common_statistics'],
  'statistics-card': ['common_statistics'],
  'competing-list': ['common_terms'],
  lines: ['common_trend'],
  pie: ['common_terms'],
  bar: ['common_terms'],
  'compare-bar': ['common_terms'],
  'stack-bar': ['common_trend', 'common_pivot'],
  'area-stack': ['common_trend'],
  words: ['common_words'],
  map: ['common_terms'],
  'heat-map': ['common_heatmap'],
  'heat-map-polar': ['common_heatmap'],
  'tree-map': ['common_terms', 'common_all_topic'],
  sunburst: ['common_all_topic'],
  'path-tree': ['common_all_topic'],
  'm-table': ['common_authors', 'common_terms'],
  'm-iframe': [],
  'landing-page': [],
  articles: ['common_articles_page'],
  'post-list': ['common_articles_page'],
  'tab-post': ['common_articles_page'],
  information: ['common_articles_page'],
  'search-post': ['common_articles_page'],
  'hot-list': ['common_hot_posts'],
  pivottable: ['common_pivot'],
  pivottable2: ['common_pivot'],
  'm-weibo-graph': ['common_retweet_graph'],
};

type Defaults = Pick<Chart, 'w' | 'h'> & {
  innerRequest?: InnerRequest;
  options?: Chart['options'];
};

const CHART: Defaults = { w: 12, h: 12 };
const POSTS: Defaults = { w: 12, h: 24, innerRequest: { size: 10, sort: 'created desc' } };

/** Size and settings a new widget of each type starts with. */
export const TYPE_DEFAULTS: Record<WidgetType, Defaults> = {
  statistics: { w: 12, h: 8, options: { metrics: ['volume', 'engagement_num'] } },
  'statistics-card': {
    w: 24,
    h: 8,
    options: { metrics: ['volume', 'engagement_num', '正面', '负面'] },
  },
  'competing-list': { w: 12, h: 15, innerRequest: { field: 'brand_paths', level: 1, size: 10 } },
  lines: { ...CHART, options: { valueTypes: ['volume', 'engagement_num'] } },
  pie: { w: 8, h: 12, innerRequest: { field: 'tendency' }, options: { showLegend: true } },
  bar: { ...CHART, innerRequest: { field: 'media_platform', size: 10 } },
  'compare-bar': { ...CHART, innerRequest: { field: 'media_platform', size: 10 } },
  'stack-bar': { ...CHART, innerRequest: { series: 'media_platform' } },
  'area-stack': {
    ...CHART,
    innerRequest: { series: 'media_platform' },
    options: { showLegend: true },
  },
  words: { ...CHART, innerRequest: { size: 80 } },
  map: { w: 12, h: 16 },
  'heat-map': CHART,
  'heat-map-polar': CHART,
  'tree-map': { ...CHART, innerRequest: { field: 'topic_paths', size: 20 } },
  sunburst: CHART,
  'path-tree': { w: 8, h: 16 },
  'm-table': {
    w: 12,
    h: 15,
    innerRequest: { field: 'author', size: 20 },
    options: { pageSize: 7 },
  },
  'm-iframe': { w: 24, h: 30 },
  'landing-page': { w: 24, h: 6, options: { heading: '标题', content: '' } },
  articles: POSTS,
  'post-list': POSTS,
  'tab-post': { ...POSTS, options: { tabField: 'tendency' } },
  information: POSTS,
  'search-post': { w: 24, h: 40, innerRequest: { size: 20, sort: 'created desc' } },
  'hot-list': { w: 8, h: 24, innerRequest: { sort: 'engagement_num desc' } },
  pivottable: { w: 24, h: 20, innerRequest: { rows: 'media_platform', cols: 'tendency' } },
  pivottable2: { w: 24, h: 20, innerRequest: { rows: 'media_platform', cols: 'tendency' } },
  'm-weibo-graph': { w: 12, h: 24, innerRequest: { size: 50 } },
};

export function isWidgetType(value: string): value is WidgetType {
  return (WIDGET_TYPES as readonly string[]).includes(value);
}
