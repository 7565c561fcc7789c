import {
  dashboard,
  type ChartInput,
  type Dashboard,
  type FilterItemInput,
  type ProjectDataItem,
} from '@yuqing/core';

/*
 * The demo project's published dashboard: one page per menu item that together use every
 * widget type, with page filters, default queries and a left tree menu.
 */

type Layout = Pick<ChartInput, 'x' | 'y' | 'w' | 'h'>;
const at = (x: number, y: number, w: number, h: number): Layout => ({ x, y, w, h });

let serial = 0;
const widget = (
  layout: Layout,
  spec: Omit<ChartInput, 'i' | 'x' | 'y' | 'w' | 'h'>,
): ChartInput => ({
  i: `w${++serial}`,
  ...layout,
  ...spec,
});

const popover: FilterItemInput = {
  type: 'popover',
  label: '筛选',
  options: [
    { field: 'media_platform', label: '媒体平台', type: 'multi_select' },
    { field: 'media_type', label: '媒体类型', type: 'multi_select' },
    { field: 'media_level', label: '媒体级别', type: 'multi_select' },
    { field: 'tendency', label: '情感倾向', type: 'radio' },
  ],
};
/** Footer exports: a deck, a brief and a PDF of every page, the posts of pages that list them. */
const downloads = (withPosts: boolean): FilterItemInput[] => [
  { type: 'download', data_type: 'download_ppt' },
  { type: 'download', data_type: 'download_word' },
  { type: 'download', data_type: 'download_pdf' },
  ...(withPosts ? [{ type: 'download' as const, data_type: 'download_excel' as const }] : []),
  { type: 'report' },
];
const standardBar = (extra: FilterItemInput[] = [], withPosts = false): FilterItemInput[] => [
  { type: 'date_range', default: 'last_30_days' },
  ...extra,
  { type: 'search', options: { placeholder: '输入关键词，如：星河S7 +续航 -广告' } },
  { type: 'denoise' },
  popover,
  { type: 'quick_range' },
  ...downloads(withPosts),
];
const lastThirtyDays = [{ field: 'range' as const, value: 'last_30_days' }];

const overview = {
  filter: standardBar(),
  defaultQuery: lastThirtyDays,
  page_config: { hotpost: { show: true } },
  charts: [
    widget(at(0, 0, 24, 6), {
      type: 'landing-page',
      options: {
        heading: '星河汽车舆情监测',
        content:
          '全网声量、情感走向、媒体与地域分布一屏掌握。点击任一图表的数据即可下钻筛选，所有图表随之联动。',
      },
    }),
    widget(at(0, 6, 24, 8), {
      type: 'statistics-card',
      aggs: 'common_statistics',
      title: '核心指标',
      tips: '与上一个等长周期相比',
      options: { metrics: ['volume', 'engagement_num', '正面', '负面', 'negative_rate'] },
    }),
    widget(at(0, 14, 16, 12), {
      type: 'lines',
      aggs: 'common_trend',
      title: '声量走势',
      titleHasIcon: true,
      options: {
        valueTypes: ['volume', 'engagement_num', 'zpz_num'],
        intervals: ['auto', 'day', 'week'],
      },
    }),
    widget(at(16, 14, 8, 12), {
      type: 'pie',
      aggs: 'common_terms',
      title: '情感分布',
      innerRequest: { field: 'tendency' },
      options: { format: 'percent', showLegend: true },
    }),
    widget(at(0, 26, 12, 12), {
      type: 'bar',
      aggs: 'common_terms',
      title: '媒体平台分布',
      innerRequest: { field: 'media_platform', size: 11 },
      options: { valueTypes: ['volume', 'engagement_num'] },
    }),
    widget(at(12, 26, 12, 12), {
      type: 'words',
      aggs: 'common_words',
      title: '热词云',
      tips: '取最新的 2 万条信息分词统计',
      innerRequest: { size: 80 },
    }),
    widget(at(0, 38, 12, 15), {
      type: 'competing-list',
      aggs: 'common_terms',
      title: '品牌声量对比',
      innerRequest: { field: 'brand_paths', level: 1, size: 10 },
    }),
    widget(at(12, 38, 12, 15), {
      type: 'm-table',
      aggs: 'common_authors',
      title: '活跃作者',
      innerRequest: { field: 'author', size: 50 },
      options: { pageSize: 7 },
    }),
  ],
};

const trend = {
  filter: standardBar([
    {
      type: 'select',
      field: 'media_platform',
      label: '平台',
      options: { multiple: true, max: 3, placeholder: '全部平台' },
    },
  ]),
  defaultQuery: lastThirtyDays,
  charts: [
    widget(at(0, 0, 24, 13), {
      type: 'area-stack',
      aggs: 'common_trend',
      title: '各平台声量走势',
      innerRequest: { series: 'media_platform', size: 6 },
      options: { intervals: ['day', 'week'], showLegend: true },
    }),
    widget(at(0, 13, 12, 12), {
      type: 'compare-bar',
      aggs: 'common_terms',
      title: '平台声量环比',
      tips: '本期与上一个等长周期对比',
      innerRequest: { field: 'media_platform', size: 8 },
    }),
    widget(at(12, 13, 12, 12), {
      type: 'stack-bar',
      aggs: 'common_pivot',
      title: '平台 × 情感',
      innerRequest: { rows: 'media_platform', cols: 'tendency' },
      options: { showLegend: true },
    }),
    widget(at(0, 25, 12, 13), {
      type: 'heat-map',
      aggs: 'common_heatmap',
      title: '发布时段热力',
      options: { valueTypes: ['volume', 'engagement_num'] },
    }),
    widget(at(12, 25, 12, 13), {
      type: 'heat-map-polar',
      aggs: 'common_heatmap',
      title: '24 小时发布节律',
    }),
  ],
};

const sentiment = {
  leftTreeMenu: {
    show: true,
    field: 'brand_paths' as const,
    isCustomData: true,
    customDataKey: '品牌树',
    showBuzz: true,
  },
  filter: standardBar(),
  defaultQuery: lastThirtyDays,
  // Analysts read the posts behind the sentiment here, and correct it (修改倾向).
  page_config: { hotpost: { show: true } },
  charts: [
    widget(at(0, 0, 24, 6), {
      type: 'statistics',
      aggs: 'common_statistics',
      title: '情感概览',
      options: { metrics: ['volume', '正面', '中性', '负面', 'positive_rate', 'negative_rate'] },
    }),
    widget(at(0, 6, 16, 12), {
      type: 'lines',
      aggs: 'common_trend',
      title: '情感走势',
      innerRequest: { series: 'tendency' },
      options: { intervals: ['day', 'week'], showLegend: true },
    }),
    widget(at(16, 6, 8, 12), {
      type: 'pie',
      aggs: 'common_terms',
      title: '情感占比',
      innerRequest: { field: 'tendency' },
      options: { format: 'percent' },
    }),
    widget(at(0, 18, 12, 12), {
      type: 'stack-bar',
      aggs: 'common_pivot',
      title: '各平台情感构成',
      innerRequest: { rows: 'media_platform', cols: 'tendency' },
      options: { horizontal: true, showLegend: true },
    }),
    widget(at(12, 18, 12, 12), {
      type: 'words',
      aggs: 'common_words',
      title: '负面热词',
      filter: [{ field: 'tendency', value: ['负面'], exclude: false, ignore: false }],
      innerRequest: { size: 60 },
    }),
  ],
};

const media = {
  filter: standardBar([
    {
      type: 'select',
      field: 'media_type',
      label: '媒体类型',
      options: { placeholder: '全部类型' },
    },
    {
      type: 'select',
      field: 'media',
      label: '重点媒体',
      options: { multiple: true, api: '重点媒体', placeholder: '全部媒体' },
    },
  ]),
  defaultQuery: lastThirtyDays,
  charts: [
    widget(at(0, 0, 8, 12), {
      type: 'pie',
      aggs: 'common_terms',
      title: '媒体类型',
      innerRequest: { field: 'media_type' },
      options: { showLegend: true },
    }),
    widget(at(8, 0, 16, 12), {
      type: 'bar',
      aggs: 'common_terms',
      title: '媒体声量排行',
      innerRequest: { field: 'media', size: 15 },
      options: { horizontal: true, valueTypes: ['volume', 'engagement_num', 'read_num'] },
    }),
    widget(at(0, 12, 12, 12), {
      type: 'tree-map',
      aggs: 'common_terms',
      title: '平台声量占比',
      innerRequest: { field: 'media_platform', size: 11 },
    }),
    widget(at(12, 12, 12, 12), {
      type: 'm-table',
      aggs: 'common_authors',
      title: '媒体影响力排行',
      innerRequest: { field: 'media', size: 40 },
      options: { pageSize: 6 },
    }),
    widget(at(0, 24, 12, 11), {
      type: 'bar',
      aggs: 'common_terms',
      title: '媒体级别',
      innerRequest: { field: 'media_level', size: 6 },
    }),
    widget(at(12, 24, 12, 11), {
      type: 'pie',
      aggs: 'common_terms',
      title: '账号类型',
      innerRequest: { field: 'account_type' },
      options: { format: 'percent', showLegend: true },
    }),
  ],
};

const region = {
  filter: standardBar(),
  defaultQuery: lastThirtyDays,
  charts: [
    widget(at(0, 0, 16, 20), {
      type: 'map',
      aggs: 'common_terms',
      title: '地域分布',
      tips: '按发布者所在省份统计',
      innerRequest: { field: 'province', size: 34 },
      options: { valueTypes: ['volume', 'engagement_num'] },
    }),
    widget(at(16, 0, 8, 20), {
      type: 'bar',
      aggs: 'common_terms',
      title: '省份排行',
      innerRequest: { field: 'province', size: 10 },
      options: { horizontal: true },
    }),
    widget(at(0, 20, 24, 12), {
      type: 'stack-bar',
      aggs: 'common_pivot',
      title: '各省情感构成',
      innerRequest: { rows: 'province', cols: 'tendency' },
      options: { showLegend: true },
    }),
  ],
};

const topic = {
  leftTreeMenu: {
    show: true,
    multiple: true,
    max: 3,
    field: 'topic_paths' as const,
    showBuzz: true,
  },
  filter: standardBar(),
  defaultQuery: lastThirtyDays,
  charts: [
    widget(at(0, 0, 12, 14), {
      type: 'sunburst',
      aggs: 'common_all_topic',
      title: '话题结构',
      innerRequest: { field: 'topic_paths' },
    }),
    widget(at(12, 0, 12, 14), {
      type: 'tree-map',
      aggs: 'common_all_topic',
      title: '话题声量',
      innerRequest: { field: 'topic_paths' },
    }),
    widget(at(0, 14, 10, 14), {
      type: 'path-tree',
      aggs: 'common_all_topic',
      title: '话题路径',
      innerRequest: { field: 'topic_paths' },
    }),
    widget(at(10, 14, 14, 14), {
      type: 'lines',
      aggs: 'common_trend',
      title: '话题走势',
      innerRequest: { series: 'topic_paths', level: 1, size: 5 },
      options: { showLegend: true, intervals: ['day', 'week'] },
    }),
  ],
};

const information = {
  filter: standardBar([{ type: 'select', field: 'tendency', label: '情感', options: {} }], true),
  defaultQuery: lastThirtyDays,
  page_config: { hotpost: { show: true } },
  charts: [
    widget(at(0, 0, 24, 60), {
      type: 'search-post',
      aggs: 'common_articles_page',
      title: '信息列表',
      innerRequest: { size: 20, sort: 'created desc' },
    }),
  ],
};

const audit = {
  filter: standardBar(),
  defaultQuery: lastThirtyDays,
  charts: [
    widget(at(0, 0, 12, 14), {
      type: 'pivottable',
      aggs: 'common_pivot',
      title: '平台 × 级别',
      innerRequest: { rows: 'media_platform', cols: 'media_level' },
    }),
    widget(at(12, 0, 12, 14), {
      type: 'hot-list',
      aggs: 'common_hot_posts',
      title: '热门信息',
      innerRequest: { sort: 'engagement_num desc' },
    }),
    widget(at(0, 14, 24, 16), {
      type: 'post-list',
      aggs: 'common_articles_page',
      title: '疑似水军信息',
      filter: [{ field: 'water_post', value: ['YES'], exclude: false, ignore: false }],
    }),
  ],
};

const spread = {
  filter: standardBar([], true),
  defaultQuery: lastThirtyDays,
  page_config: { hotpost: { show: true } },
  charts: [
    widget(at(0, 0, 15, 20), {
      type: 'm-weibo-graph',
      aggs: 'common_retweet_graph',
      title: '微博转发传播链',
      tips: '箭头由原帖指向转发',
      innerRequest: { size: 10 },
    }),
    widget(at(15, 0, 9, 20), {
      type: 'hot-list',
      aggs: 'common_hot_posts',
      title: '互动热榜',
      innerRequest: { sort: 'engagement_num desc' },
    }),
    widget(at(0, 20, 12, 24), {
      type: 'tab-post',
      aggs: 'common_articles_page',
      title: '分情感信息',
      options: { tabField: 'tendency' },
    }),
    widget(at(12, 20, 12, 24), {
      type: 'information',
      aggs: 'common_articles_page',
      title: '最新动态',
    }),
    widget(at(0, 44, 12, 26), {
      type: 'event-timeline',
      aggs: 'common_event_timeline',
      title: '事件脉络',
      tips: '首发、声量峰值、情感转折与传播最广的账号，各附其代表信息',
    }),
    widget(at(12, 44, 12, 26), {
      type: 'pivottable2',
      aggs: 'common_pivot',
      title: '省份 × 情感',
      innerRequest: { rows: 'province', cols: 'tendency' },
    }),
    widget(at(0, 70, 24, 30), {
      type: 'articles',
      aggs: 'common_articles_page',
      title: '重点文章',
      options: { verify: true },
      innerRequest: { size: 10, sort: 'engagement_num desc' },
    }),
  ],
};

const briefing = {
  charts: [
    widget(at(0, 0, 24, 30), {
      type: 'm-iframe',
      title: '舆情简报',
      options: { url: '/demo-assets/briefing.html' },
    }),
  ],
};

export const demoDashboard: Dashboard = dashboard.parse({
  site: {
    colors: ['#41B748', '#2E57E4', '#F5A623', '#E8545A', '#8E6CEF', '#1FB6C1', '#FF8A3D'],
    colorMap: [
      { name: '正面', value: '#41B748' },
      { name: '中性', value: '#2E57E4' },
      { name: '负面', value: '#E8545A' },
    ],
    hideSubjectName: false,
    // A Chinese team reads 万 and 亿; new projects keep the spec's k / m.
    numberStyle: 'wan',
  },
  menu: [
    { label: '概览', key: 'overview', path: '/overview', default: true },
    { label: '声量趋势', key: 'trend', path: '/trend' },
    { label: '情感分析', key: 'sentiment', path: '/sentiment' },
    { label: '媒体分布', key: 'media', path: '/media' },
    { label: '地域分布', key: 'region', path: '/region' },
    { label: '话题分析', key: 'topic', path: '/topic' },
    { label: '传播分析', key: 'spread', path: '/spread' },
    { label: '信息列表', key: 'information', path: '/information' },
    { label: '舆情简报', key: 'briefing', path: '/briefing' },
    { label: 'AI 报告', key: 'ai-report', path: '/ai-report', isAiReport: true },
    { label: '数据审核', key: 'audit', path: '/audit', adminVisible: true },
    { label: '历史归档', key: 'archive', path: '/archive', show: false },
  ],
  pages: { overview, trend, sentiment, media, region, topic, spread, information, audit, briefing },
});

/** The subject's own dashboard: the launch of one model, watched on two pages. */
export const demoSubjectDashboard: Dashboard = dashboard.parse({
  site: demoDashboard.site,
  menu: [
    { label: '发布概览', key: 'overview', path: '/overview', default: true },
    { label: '传播分析', key: 'spread', path: '/spread' },
    { label: 'AI 报告', key: 'ai-report', path: '/ai-report', isAiReport: true },
  ],
  scope: [{ field: 'brand_paths', value: ['/品牌/星河汽车/星河S7'] }],
  pages: {
    overview: {
      filter: standardBar(),
      defaultQuery: lastThirtyDays,
      charts: [
        { ...overview.charts[1]!, ...at(0, 0, 24, 8) },
        { ...overview.charts[2]!, ...at(0, 8, 16, 12) },
        { ...overview.charts[3]!, ...at(16, 8, 8, 12) },
        { ...overview.charts[4]!, ...at(0, 20, 12, 12) },
        { ...overview.charts[5]!, ...at(12, 20, 12, 12) },
      ],
    },
    spread: {
      filter: standardBar(),
      defaultQuery: lastThirtyDays,
      charts: [trend.charts[0]!, { ...region.charts[0]!, y: 13 }, { ...region.charts[1]!, y: 13 }],
    },
  },
});

/** Named lists and trees the demo's filters and tree menu read. */
export const demoProjectData: ProjectDataItem[] = [
  {
    name: '重点媒体',
    kind: 'list',
    items: [
      '华夏日报',
      '中华新闻网',
      '京城晚报',
      '汽车之窗',
      '懂车帝',
      '汽车之家',
      '今日头条',
      '微博',
    ].map((name) => ({ value: name, label: name })),
  },
  {
    name: '品牌树',
    kind: 'tree',
    items: [
      {
        value: '/品牌/星河汽车',
        label: '星河汽车',
        children: ['星河S7', '星河X5', '星河E3'].map((model) => ({
          value: `/品牌/星河汽车/${model}`,
          label: model,
        })),
      },
      { value: '/品牌/竞品A', label: '竞品A' },
      { value: '/品牌/竞品B', label: '竞品B' },
    ],
  },
];
