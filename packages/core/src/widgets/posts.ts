import type { WidgetSpecs } from './widget-data.js';
import type { ChartRequest } from '../dashboard/query-state.js';
import type { NameValue } from '../posts/answers.js';
import type { Aggregation } from '../posts/query.js';
import type { Chart } from '../dashboard/chart.js';
import type { Sort } from '../posts/fields.js';
import type { Post } from '../posts/post.js';
import { baseRequest, requestSize, requestSort, withValue } from './request.js';
import type { SearchBodyOf, WidgetData, WidgetSearch } from './types.js';

/** A page of posts as POST /search answers common_articles_page and common_hot_posts. */
export interface PostPage {
  list: Post[];
  /** Matching posts (hot posts: at most 200). */
  total: number;
  took?: number;
}

export type PostAggregation = Extract<Aggregation, 'common_articles_page' | 'common_hot_posts'>;

export interface Paging {
  /** Zero-based, as the API counts. */
  page: number;
  size: number;
  sort: Sort;
  aggs?: PostAggregation;
}

/** The search body of one page of posts for a request (the query and a widget's fixed parts). */
export function postPageBody(request: ChartRequest, paging: Paging): SearchBodyOf<PostAggregation> {
  return {
    ...request,
    aggs: paging.aggs ?? 'common_articles_page',
    page: paging.page,
    size: paging.size,
    sort: paging.sort,
  };
}

/** A first page of posts and the body it came from, so a view can load further pages itself. */
export interface PostWidgetData {
  /** The search body without page, size, sort and aggs. */
  request: ChartRequest;
  size: number;
  sort: Sort;
  page: PostPage;
}

export interface TabPostData extends PostWidgetData {
  field: ReturnType<typeof tabField>;
  /** Tab values, with their post counts when they came from the data. */
  tabs: NameValue[];
}

/** Tab-post: posts per tab (spec 9). */
export const TAB_POST_SIZE = 20;

/** Tab-post: tabs read from the data when none are configured. */
const TAB_COUNT = 10;

/** The field whose values are the tabs of a tab-post widget. */
export const tabField = (chart: Chart) => chart.options.tabField ?? 'tendency';

interface FirstPage {
  size: number;
  sort: Sort;
  aggs?: PostAggregation;
  /** The type's sort whatever the widget configures (a feed is newest first). */
  fixedSort?: boolean;
}

function paging(request: ChartRequest, defaults: FirstPage) {
  return {
    size: requestSize(request, defaults.size),
    sort: defaults.fixedSort ? defaults.sort : requestSort(request, defaults.sort),
  };
}

/** The first page of a post widget: its size and sort, else the type's defaults. */
function firstPage(defaults: FirstPage): WidgetData<PostWidgetData, [PostAggregation]> {
  return {
    plan: ({ request }) => [
      postPageBody(baseRequest(request), {
        page: 0,
        aggs: defaults.aggs,
        ...paging(request, defaults),
      }),
    ],
    combine: ([page], { request }) => ({
      request: baseRequest(request),
      ...paging(request, defaults),
      page,
    }),
  };
}

/**
 * Tabs by a field (options.tabField, default tendency): the configured values, else the field's
 * top values by volume. The first tab's posts load with the tabs; the view loads the others.
 */
const tabPosts: WidgetData<TabPostData> = {
  async staged({ request, chart }, search: WidgetSearch) {
    const field = tabField(chart);
    const base = baseRequest(request);
    const sort = requestSort(request, 'created desc');
    const configured = chart.options.tabValues;
    const tabs = configured?.length
      ? configured.map((name) => ({ name, value: 0 }))
      : (
          await search({
            ...base,
            aggs: 'common_terms',
            field,
            size: TAB_COUNT,
            value_type: 'volume',
          })
        ).list.filter((tab) => tab.name !== '' && tab.value > 0);
    const size = TAB_POST_SIZE;
    const page = tabs[0]
      ? await search(postPageBody(withValue(base, field, tabs[0].name), { page: 0, size, sort }))
      : { list: [], total: 0 };
    return { request: base, size, sort, page, field, tabs };
  },
};

const POSTS = { w: 12, h: 24 };
const POST_OPTIONS = ['viewType', 'pageSize', 'verify'] as const;
const POST_REQUEST = { size: 10, sort: 'created desc' } as const;

/** Articles, post lists, tab posts, the feed, search results and the hot list. */
export const postSpecs = {
  articles: {
    type: 'articles',
    label: '文章列表',
    group: '文章',
    size: POSTS,
    innerRequest: POST_REQUEST,
    sources: ['common_articles_page'],
    optionKeys: [...POST_OPTIONS],
    switches: {},
    data: firstPage({ size: 10, sort: 'created desc' }),
  },
  'post-list': {
    type: 'post-list',
    label: '信息列表',
    group: '文章',
    size: POSTS,
    innerRequest: POST_REQUEST,
    sources: ['common_articles_page'],
    optionKeys: [...POST_OPTIONS],
    switches: {},
    data: firstPage({ size: 20, sort: 'created desc' }),
  },
  'tab-post': {
    type: 'tab-post',
    label: '分类信息',
    group: '文章',
    size: POSTS,
    innerRequest: POST_REQUEST,
    options: { tabField: 'tendency' },
    sources: ['common_articles_page'],
    optionKeys: ['tabField', 'tabValues', ...POST_OPTIONS],
    switches: {},
    data: tabPosts,
  },
  information: {
    type: 'information',
    label: '信息流',
    group: '文章',
    size: POSTS,
    innerRequest: POST_REQUEST,
    sources: ['common_articles_page'],
    optionKeys: [...POST_OPTIONS],
    switches: {},
    // A feed: newest first whatever the configured sort, "load more" at its end.
    data: firstPage({ size: 20, sort: 'created desc', fixedSort: true }),
  },
  'search-post': {
    type: 'search-post',
    label: '搜索结果',
    group: '文章',
    size: { w: 24, h: 40 },
    innerRequest: { size: 20, sort: 'created desc' },
    sources: ['common_articles_page'],
    optionKeys: [...POST_OPTIONS],
    switches: {},
    data: firstPage({ size: 20, sort: 'created desc' }),
  },
  'hot-list': {
    type: 'hot-list',
    label: '热榜',
    group: '文章',
    size: { w: 8, h: 24 },
    innerRequest: { sort: 'engagement_num desc' },
    sources: ['common_hot_posts'],
    optionKeys: ['viewType', 'verify'],
    switches: {},
    // The top 10 hot posts, ranked by engagement unless the widget says otherwise.
    data: firstPage({ size: 10, sort: 'engagement_num desc', aggs: 'common_hot_posts' }),
  },
} satisfies Partial<WidgetSpecs>;
