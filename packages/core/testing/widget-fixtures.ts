import {
  chart,
  post,
  queryState,
  widgetSpec,
  type Aggregation,
  type Chart,
  type ChartInput,
  type EventTimelineAnswer,
  type HeatCell,
  type PathCount,
  type PivotCell,
  type Post,
  type PostPage,
  type QueryState,
  type RetweetGraphAnswer,
  type SearchAnswer,
  type StatisticsAnswer,
  type TrendAnswer,
  type WidgetContext,
  type WidgetDataTypes,
  type WidgetType,
  type WordsAnswer,
} from '../src/index.js';

/*
 * One fixture per widget type with data: the widget as a dashboard stores it, what its searches
 * answer and the data the catalog makes of them. The catalog's, the dashboard's, the exports' and
 * page_data's tests all draw from it, so a type is checked end to end on the same data.
 */

/** Widget types that show configured content only: they ask nothing and have no data. */
export type ContentWidgetType = 'm-iframe' | 'landing-page';
export type DataWidgetType = Exclude<WidgetType, ContentWidgetType>;

/** One search's answer, with the aggregation it answers. */
export type FixtureAnswer = {
  [A in Aggregation]: { aggs: A; answer: SearchAnswer<A> };
}[Aggregation];

export interface WidgetFixture<T extends DataWidgetType> {
  /** The widget as a dashboard stores it. */
  chart: Chart & { type: T };
  /** What its searches answer, in the order its plan asks them (a staged widget: stage by stage). */
  answers: FixtureAnswer[];
  /** What `loadWidgetData` makes of the answers, under FIXTURE_QUERY and FIXTURE_CONTEXT. */
  data: WidgetDataTypes[T];
  /** Texts of the data that any drawing of it shows: the dashboard's view and the exports'. */
  shows: string[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2026-03-01 00:00 in Shanghai: the page shows the week from then. */
const START = Date.UTC(2026, 1, 28, 16);
const END = START + 7 * DAY;

/** The page's query the fixtures' data was made under. */
export const FIXTURE_QUERY: QueryState = queryState.parse({ start: START, end: END });
export const FIXTURE_CONTEXT: WidgetContext = { now: END, timeZone: 'Asia/Shanghai' };

/** What a post widget's data keeps of the request: the page's range. */
const PAGE_REQUEST = { start: START, end: END };

/** A widget at the top left of its page, of its type's default size. */
function stored<T extends DataWidgetType>(
  input: Omit<ChartInput, 'i' | 'x' | 'y' | 'w' | 'h'> & { type: T },
): Chart & { type: T } {
  return chart.parse({
    i: `fixture-${input.type}`,
    x: 0,
    y: 0,
    ...widgetSpec(input.type).size,
    ...input,
  }) as Chart & { type: T };
}

const STATISTICS: StatisticsAnswer = {
  current: {
    volume: 1280,
    engagement_num: 45_600,
    repost_num: 3200,
    comment_num: 5400,
    like_num: 37_000,
    read_num: 0,
    zpz_num: 45_600,
    tendency: { 正面: 520, 中性: 560, 负面: 200 },
  },
  previous: {
    volume: 1100,
    engagement_num: 38_200,
    repost_num: 2600,
    comment_num: 4700,
    like_num: 30_900,
    read_num: 0,
    zpz_num: 38_200,
    tendency: { 正面: 480, 中性: 500, 负面: 120 },
  },
  value_type: 'volume',
};

const PLATFORM_TERMS = {
  list: [
    { name: 'Weibo', value: 480 },
    { name: 'Douyin', value: 310 },
    { name: 'WeChat', value: 220 },
    { name: 'Red', value: 150 },
    { name: 'BBS', value: 120 },
  ],
};
const TENDENCY_TERMS = {
  list: [
    { name: '中性', value: 560 },
    { name: '正面', value: 520 },
    { name: '负面', value: 200 },
  ],
};

/** One point a day from the page's start. */
const daily = (values: number[], name?: string) =>
  values.map((value, day) => ({ time: START + day * DAY, ...(name ? { name } : {}), value }));

const VOLUME_TREND: TrendAnswer = {
  interval: 'day',
  list: daily([150, 210, 168, 245, 190, 132, 185]),
};
const PLATFORM_TREND: TrendAnswer = {
  interval: 'day',
  list: [
    ...daily([62, 88, 70, 95, 61, 48, 56], 'Weibo'),
    ...daily([40, 52, 44, 60, 49, 30, 35], 'Douyin'),
  ],
};

const WORDS: WordsAnswer = {
  posts: 1280,
  list: [
    { name: '续航', value: 320 },
    { name: '智能座舱', value: 260 },
    { name: '星河S7', value: 240 },
    { name: '充电', value: 180 },
    { name: '外观设计', value: 150 },
  ],
};

const PROVINCE_TERMS = {
  list: [
    { name: '广东', value: 260 },
    { name: '北京', value: 210 },
    { name: '上海', value: 180 },
    { name: '浙江', value: 140 },
    { name: '四川', value: 90 },
  ],
};

const HEAT: { list: HeatCell[] } = {
  list: [
    { weekday: 0, hour: 9, value: 42 },
    { weekday: 0, hour: 20, value: 65 },
    { weekday: 3, hour: 12, value: 38 },
    { weekday: 5, hour: 21, value: 80 },
    { weekday: 6, hour: 10, value: 27 },
  ],
};

const leaf = (path: string, value: number): PathCount => ({
  name: path.slice(path.lastIndexOf('/') + 1),
  path,
  value,
  children: [],
});
const TOPIC_TREE: { list: PathCount[] } = {
  list: [
    {
      name: '话题',
      path: '/话题',
      value: 900,
      children: [
        {
          name: '产品口碑',
          path: '/话题/产品口碑',
          value: 600,
          children: [leaf('/话题/产品口碑/续航', 320), leaf('/话题/产品口碑/智能座舱', 280)],
        },
        {
          name: '售后服务',
          path: '/话题/售后服务',
          value: 300,
          children: [leaf('/话题/售后服务/充电', 190), leaf('/话题/售后服务/维修', 110)],
        },
      ],
    },
  ],
};

const PLATFORM_BY_TENDENCY: PivotCell[] = [
  { row: 'Weibo', col: '中性', value: 210 },
  { row: 'Weibo', col: '正面', value: 190 },
  { row: 'Weibo', col: '负面', value: 80 },
  { row: 'Douyin', col: '正面', value: 150 },
  { row: 'Douyin', col: '中性', value: 120 },
  { row: 'Douyin', col: '负面', value: 40 },
];
const PLATFORM_BY_LEVEL: PivotCell[] = [
  { row: 'APP', col: 'A', value: 64 },
  { row: 'APP', col: 'B', value: 118 },
  { row: 'Web', col: 'B', value: 72 },
  { row: 'Web', col: 'C', value: 95 },
];
const PROVINCE_BY_TENDENCY: PivotCell[] = [
  { row: '广东', col: '正面', value: 110 },
  { row: '广东', col: '负面', value: 50 },
  { row: '北京', col: '中性', value: 120 },
  { row: '北京', col: '负面', value: 30 },
];

const S7_LAUNCH = post.parse({
  _id: 'wb-1001',
  uri: 'https://weibo.com/1001',
  author: '星河汽车',
  created: START + 10 * HOUR,
  media: '微博',
  media_platform: 'Weibo',
  tendency: '正面',
  province: '广东',
  title: '星河S7 正式上市',
  text: '星河S7 正式上市，CLTC 续航 720 公里，智能座舱全系标配。',
  repost_num: 860,
  comment_num: 1240,
  like_num: 5600,
  engagement_num: 7700,
});
const RANGE_REVIEW = post.parse({
  _id: 'dy-2002',
  uri: 'https://www.douyin.com/video/2002',
  author: '电车老张',
  created: START + DAY + 20 * HOUR,
  media: '抖音',
  media_platform: 'Douyin',
  tendency: '中性',
  province: '北京',
  title: '星河S7 冬季续航实测',
  text: '零下五度高速跑了 300 公里，续航达成率 78%，和同级车差不多。',
  comment_num: 320,
  like_num: 2100,
  engagement_num: 2420,
});
const CHARGING_COMPLAINT = post.parse({
  _id: 'bbs-3003',
  uri: 'https://club.example.com/thread/3003',
  author: '小周爱开车',
  created: START + 3 * DAY + 8 * HOUR,
  media: '汽车论坛',
  media_platform: 'BBS',
  tendency: '负面',
  province: '上海',
  title: '星河X5 充电桩又坏了',
  text: '小区的星河X5 专用充电桩一周坏两次，售后说要等配件。',
  comment_num: 86,
  like_num: 140,
  engagement_num: 226,
});

const page = (list: Post[]): PostPage => ({ list, total: list.length });
const LATEST = page([CHARGING_COMPLAINT, RANGE_REVIEW, S7_LAUNCH]);
const MOST_ENGAGED = page([S7_LAUNCH, RANGE_REVIEW, CHARGING_COMPLAINT]);

const RETWEETS: RetweetGraphAnswer = {
  nodes: [
    { id: 'wb-1001', name: '星河汽车', value: 7700, created: START + 10 * HOUR },
    { id: 'wb-1002', name: '汽车之窗', value: 1300, created: START + 11 * HOUR },
    { id: 'wb-1003', name: '电车老张', value: 420, created: START + 13 * HOUR },
  ],
  edges: [
    { source: 'wb-1001', target: 'wb-1002' },
    { source: 'wb-1002', target: 'wb-1003' },
  ],
};

const TIMELINE: EventTimelineAnswer = {
  interval: 'day',
  events: [
    { kind: 'first', time: S7_LAUNCH.created, post: S7_LAUNCH },
    { kind: 'peak', time: START + DAY, end: START + 2 * DAY, posts: 210, post: RANGE_REVIEW },
    {
      kind: 'turn',
      time: START + 3 * DAY,
      end: START + 4 * DAY,
      share: 0.35,
      previous: 0.12,
      post: CHARGING_COMPLAINT,
    },
    {
      kind: 'spreader',
      time: S7_LAUNCH.created,
      author: '星河汽车',
      posts: 4,
      engagement: 9800,
      post: S7_LAUNCH,
    },
  ],
};

/** Every widget type with data, with its fixture: a type added without one fails to compile. */
export const WIDGET_FIXTURES: { [T in DataWidgetType]: WidgetFixture<T> } = {
  statistics: {
    chart: stored({
      type: 'statistics',
      aggs: 'common_statistics',
      title: '情感概览',
      options: { metrics: ['volume', '正面', '负面', 'negative_rate'] },
    }),
    answers: [{ aggs: 'common_statistics', answer: STATISTICS }],
    data: STATISTICS,
    shows: ['1,280', '200'],
  },
  'statistics-card': {
    chart: stored({
      type: 'statistics-card',
      aggs: 'common_statistics',
      title: '核心指标',
      options: { metrics: ['volume', 'engagement_num', '正面', '负面'] },
    }),
    answers: [{ aggs: 'common_statistics', answer: STATISTICS }],
    data: STATISTICS,
    shows: ['1,280', '520'],
  },
  'competing-list': {
    chart: stored({
      type: 'competing-list',
      aggs: 'common_terms',
      title: '品牌声量对比',
      innerRequest: { field: 'brand_paths', level: 1, size: 10 },
    }),
    answers: [
      {
        aggs: 'common_terms',
        answer: {
          list: [
            { name: '/品牌/星河汽车', value: 620 },
            { name: '/品牌/竞品A', value: 410 },
            { name: '/品牌/竞品B', value: 250 },
          ],
        },
      },
      {
        aggs: 'common_terms',
        answer: {
          list: [
            { name: '/品牌/星河汽车', value: 28_400 },
            { name: '/品牌/竞品A', value: 15_200 },
            { name: '/品牌/竞品B', value: 9800 },
          ],
        },
      },
    ],
    data: {
      field: 'brand_paths',
      valueType: 'volume',
      otherType: 'engagement_num',
      rows: [
        { path: '/品牌/星河汽车', value: 620, share: 0.484375, other: 28_400 },
        { path: '/品牌/竞品A', value: 410, share: 0.3203125, other: 15_200 },
        { path: '/品牌/竞品B', value: 250, share: 0.1953125, other: 9800 },
      ],
    },
    shows: ['星河汽车', '竞品A'],
  },
  lines: {
    chart: stored({
      type: 'lines',
      aggs: 'common_trend',
      title: '声量走势',
      options: { valueTypes: ['volume', 'engagement_num'], intervals: ['day', 'week'] },
    }),
    answers: [{ aggs: 'common_trend', answer: VOLUME_TREND }],
    data: VOLUME_TREND,
    shows: ['03-01', '03-07'],
  },
  pie: {
    chart: stored({
      type: 'pie',
      aggs: 'common_terms',
      title: '情感分布',
      innerRequest: { field: 'tendency' },
      options: { format: 'percent', showLegend: true },
    }),
    answers: [{ aggs: 'common_terms', answer: TENDENCY_TERMS }],
    data: TENDENCY_TERMS,
    shows: ['中性', '负面'],
  },
  bar: {
    chart: stored({
      type: 'bar',
      aggs: 'common_terms',
      title: '媒体平台分布',
      innerRequest: { field: 'media_platform', size: 10 },
    }),
    answers: [{ aggs: 'common_terms', answer: PLATFORM_TERMS }],
    data: PLATFORM_TERMS,
    shows: ['微博', '抖音'],
  },
  'compare-bar': {
    chart: stored({
      type: 'compare-bar',
      aggs: 'common_terms',
      title: '平台声量环比',
      innerRequest: { field: 'media_platform', size: 8 },
    }),
    answers: [
      { aggs: 'common_terms', answer: { list: PLATFORM_TERMS.list.slice(0, 3) } },
      {
        aggs: 'common_terms',
        answer: {
          list: [
            { name: 'Weibo', value: 400 },
            { name: 'WeChat', value: 260 },
            { name: 'Douyin', value: 180 },
          ],
        },
      },
    ],
    data: {
      current: PLATFORM_TERMS.list.slice(0, 3),
      previous: [
        { name: 'Weibo', value: 400 },
        { name: 'WeChat', value: 260 },
        { name: 'Douyin', value: 180 },
      ],
      ranges: {
        current: { start: START, end: END },
        previous: { start: START - 7 * DAY, end: START },
      },
    },
    shows: ['微博', '微信'],
  },
  'stack-bar': {
    chart: stored({
      type: 'stack-bar',
      aggs: 'common_pivot',
      title: '平台 × 情感',
      innerRequest: { rows: 'media_platform', cols: 'tendency' },
      options: { showLegend: true },
    }),
    answers: [{ aggs: 'common_pivot', answer: { list: PLATFORM_BY_TENDENCY } }],
    data: { kind: 'pivot', list: PLATFORM_BY_TENDENCY },
    shows: ['微博', '负面'],
  },
  'area-stack': {
    chart: stored({
      type: 'area-stack',
      aggs: 'common_trend',
      title: '各平台声量走势',
      innerRequest: { series: 'media_platform', size: 2 },
      options: { intervals: ['day', 'week'], showLegend: true },
    }),
    answers: [{ aggs: 'common_trend', answer: PLATFORM_TREND }],
    data: PLATFORM_TREND,
    shows: ['微博', '抖音'],
  },
  words: {
    chart: stored({
      type: 'words',
      aggs: 'common_words',
      title: '热词云',
      innerRequest: { size: 80 },
    }),
    answers: [{ aggs: 'common_words', answer: WORDS }],
    data: WORDS,
    shows: ['续航', '智能座舱'],
  },
  map: {
    chart: stored({
      type: 'map',
      aggs: 'common_terms',
      title: '地域分布',
      innerRequest: { field: 'province', size: 34 },
      options: { valueTypes: ['volume', 'engagement_num'] },
    }),
    answers: [{ aggs: 'common_terms', answer: PROVINCE_TERMS }],
    data: PROVINCE_TERMS,
    // A map names no province: its scale ends at the largest value.
    shows: ['260'],
  },
  'heat-map': {
    chart: stored({ type: 'heat-map', aggs: 'common_heatmap', title: '发布时段热力' }),
    answers: [{ aggs: 'common_heatmap', answer: HEAT }],
    data: HEAT,
    // Cells are colours: the scale ends at the largest value.
    shows: ['80'],
  },
  'heat-map-polar': {
    chart: stored({ type: 'heat-map-polar', aggs: 'common_heatmap', title: '24 小时发布节律' }),
    answers: [{ aggs: 'common_heatmap', answer: HEAT }],
    data: HEAT,
    // Cells are colours: the scale ends at the largest value.
    shows: ['80'],
  },
  'tree-map': {
    chart: stored({
      type: 'tree-map',
      aggs: 'common_all_topic',
      title: '话题分布',
      innerRequest: { field: 'topic_paths' },
    }),
    answers: [{ aggs: 'common_all_topic', answer: TOPIC_TREE }],
    data: TOPIC_TREE,
    shows: ['产品口碑', '售后服务'],
  },
  sunburst: {
    chart: stored({
      type: 'sunburst',
      aggs: 'common_all_topic',
      title: '话题层级',
      innerRequest: { field: 'topic_paths' },
    }),
    answers: [{ aggs: 'common_all_topic', answer: TOPIC_TREE }],
    data: TOPIC_TREE,
    shows: ['产品口碑', '售后服务'],
  },
  'path-tree': {
    chart: stored({
      type: 'path-tree',
      aggs: 'common_all_topic',
      title: '话题路径',
      innerRequest: { field: 'topic_paths' },
    }),
    answers: [{ aggs: 'common_all_topic', answer: TOPIC_TREE }],
    data: { field: 'topic_paths', list: TOPIC_TREE.list },
    shows: ['产品口碑', '续航'],
  },
  'm-table': {
    chart: stored({
      type: 'm-table',
      aggs: 'common_authors',
      title: '活跃作者',
      innerRequest: { field: 'author', size: 50 },
      options: { pageSize: 7 },
    }),
    answers: [
      {
        aggs: 'common_authors',
        answer: {
          list: [
            { name: '星河车主俱乐部', value: 42, engagement: 8600 },
            { name: '汽车之窗', value: 35, engagement: 5200 },
            { name: '电车老张', value: 28, engagement: 12_400 },
          ],
        },
      },
    ],
    data: {
      aggs: 'common_authors',
      field: 'author',
      valueType: 'volume',
      list: [
        { name: '星河车主俱乐部', value: 42, engagement: 8600 },
        { name: '汽车之窗', value: 35, engagement: 5200 },
        { name: '电车老张', value: 28, engagement: 12_400 },
      ],
    },
    shows: ['星河车主俱乐部', '电车老张'],
  },
  articles: {
    chart: stored({
      type: 'articles',
      aggs: 'common_articles_page',
      title: '高互动文章',
      innerRequest: { size: 10, sort: 'engagement_num desc' },
      options: { verify: true },
    }),
    answers: [{ aggs: 'common_articles_page', answer: MOST_ENGAGED }],
    data: { request: PAGE_REQUEST, size: 10, sort: 'engagement_num desc', page: MOST_ENGAGED },
    shows: ['星河S7 正式上市', '星河X5 充电桩又坏了'],
  },
  'post-list': {
    chart: stored({
      type: 'post-list',
      aggs: 'common_articles_page',
      title: '最新信息',
      innerRequest: { size: 10, sort: 'created desc' },
    }),
    answers: [{ aggs: 'common_articles_page', answer: LATEST }],
    data: { request: PAGE_REQUEST, size: 10, sort: 'created desc', page: LATEST },
    shows: ['星河X5 充电桩又坏了', '星河S7 冬季续航实测'],
  },
  'tab-post': {
    chart: stored({
      type: 'tab-post',
      aggs: 'common_articles_page',
      title: '分类信息',
      innerRequest: { size: 10, sort: 'created desc' },
      options: { tabField: 'tendency' },
    }),
    answers: [
      { aggs: 'common_terms', answer: TENDENCY_TERMS },
      { aggs: 'common_articles_page', answer: page([RANGE_REVIEW]) },
    ],
    data: {
      request: PAGE_REQUEST,
      size: 20,
      sort: 'created desc',
      page: page([RANGE_REVIEW]),
      field: 'tendency',
      tabs: TENDENCY_TERMS.list,
    },
    shows: ['星河S7 冬季续航实测'],
  },
  information: {
    chart: stored({
      type: 'information',
      aggs: 'common_articles_page',
      title: '信息流',
      innerRequest: { size: 10, sort: 'created desc' },
    }),
    answers: [{ aggs: 'common_articles_page', answer: LATEST }],
    data: { request: PAGE_REQUEST, size: 10, sort: 'created desc', page: LATEST },
    shows: ['星河X5 充电桩又坏了', '星河S7 正式上市'],
  },
  'search-post': {
    chart: stored({
      type: 'search-post',
      aggs: 'common_articles_page',
      title: '搜索结果',
      innerRequest: { size: 20, sort: 'created desc' },
    }),
    answers: [{ aggs: 'common_articles_page', answer: LATEST }],
    data: { request: PAGE_REQUEST, size: 20, sort: 'created desc', page: LATEST },
    shows: ['星河S7 冬季续航实测'],
  },
  'hot-list': {
    chart: stored({
      type: 'hot-list',
      aggs: 'common_hot_posts',
      title: '热门文章',
      innerRequest: { sort: 'engagement_num desc' },
    }),
    answers: [{ aggs: 'common_hot_posts', answer: MOST_ENGAGED }],
    data: { request: PAGE_REQUEST, size: 10, sort: 'engagement_num desc', page: MOST_ENGAGED },
    shows: ['星河S7 正式上市'],
  },
  pivottable: {
    chart: stored({
      type: 'pivottable',
      aggs: 'common_pivot',
      title: '平台 × 媒体级别',
      innerRequest: { rows: 'media_platform', cols: 'media_level' },
    }),
    answers: [{ aggs: 'common_pivot', answer: { list: PLATFORM_BY_LEVEL } }],
    data: {
      rows: 'media_platform',
      cols: 'media_level',
      valueType: 'volume',
      list: PLATFORM_BY_LEVEL,
    },
    shows: ['新闻客户端', '网站'],
  },
  pivottable2: {
    chart: stored({
      type: 'pivottable2',
      aggs: 'common_pivot',
      title: '地域 × 情感',
      innerRequest: { rows: 'province', cols: 'tendency' },
    }),
    answers: [{ aggs: 'common_pivot', answer: { list: PROVINCE_BY_TENDENCY } }],
    data: { rows: 'province', cols: 'tendency', valueType: 'volume', list: PROVINCE_BY_TENDENCY },
    shows: ['广东', '北京'],
  },
  'm-weibo-graph': {
    chart: stored({
      type: 'm-weibo-graph',
      aggs: 'common_retweet_graph',
      title: '微博传播路径',
      innerRequest: { size: 10 },
    }),
    answers: [{ aggs: 'common_retweet_graph', answer: RETWEETS }],
    data: RETWEETS,
    shows: ['星河汽车', '汽车之窗'],
  },
  'event-timeline': {
    chart: stored({
      type: 'event-timeline',
      aggs: 'common_event_timeline',
      title: '事件脉络',
      innerRequest: { size: 3 },
    }),
    answers: [{ aggs: 'common_event_timeline', answer: TIMELINE }],
    data: TIMELINE,
    shows: ['星河S7 正式上市', '星河X5 充电桩又坏了'],
  },
};
