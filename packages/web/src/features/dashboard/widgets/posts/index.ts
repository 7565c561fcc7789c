import type { ChartRequest, ListAnswer, NameValue, Sort, WidgetType } from '@yuqing/core';
import { lazy } from 'react';
import type { PostPage } from '../../../posts/postPage';
import { defineWidget } from '../defineWidget';
import type { LoadContext, WidgetDefinition } from '../types';
import { baseRequest, requestSize, requestSort, tabField, withValue } from './request';

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

type Aggs = 'common_articles_page' | 'common_hot_posts';

function loadFirstPage(
  search: LoadContext['search'],
  request: ChartRequest,
  paging: { size: number; sort: Sort; aggs?: Aggs },
): Promise<PostPage> {
  return search<PostPage>({
    ...request,
    aggs: paging.aggs ?? 'common_articles_page',
    page: 0,
    size: paging.size,
    sort: paging.sort,
  });
}

/** A loader of the first page: the widget's size and sort, else the type's defaults. */
const firstPage =
  (defaults: { size: number; sort: Sort; aggs?: Aggs; fixedSort?: boolean }) =>
  async (request: ChartRequest, { search }: LoadContext): Promise<PostWidgetData> => {
    const size = requestSize(request, defaults.size);
    const sort = defaults.fixedSort ? defaults.sort : requestSort(request, defaults.sort);
    const base = baseRequest(request);
    const page = await loadFirstPage(search, base, { size, sort, aggs: defaults.aggs });
    return { request: base, size, sort, page };
  };

const noPosts = (data: PostWidgetData) => data.page.total === 0 || data.page.list.length === 0;

const articles = defineWidget<PostWidgetData>({
  load: firstPage({ size: 10, sort: 'created desc' }),
  isEmpty: noPosts,
  View: lazy(() => import('./ArticlesView')),
});

const postList = defineWidget<PostWidgetData>({
  load: firstPage({ size: 20, sort: 'created desc' }),
  isEmpty: noPosts,
  View: lazy(() => import('./PostListView')),
});

const searchPost = defineWidget<PostWidgetData>({
  load: firstPage({ size: 20, sort: 'created desc' }),
  isEmpty: noPosts,
  View: lazy(() => import('./SearchPostView')),
});

/** A feed: newest first whatever the configured sort, "load more" at its end. */
const information = defineWidget<PostWidgetData>({
  load: firstPage({ size: 20, sort: 'created desc', fixedSort: true }),
  isEmpty: noPosts,
  View: lazy(() => import('./InformationView')),
});

/** The top 10 hot posts, ranked by engagement unless the widget says otherwise. */
const hotList = defineWidget<PostWidgetData>({
  load: firstPage({ size: 10, sort: 'engagement_num desc', aggs: 'common_hot_posts' }),
  isEmpty: noPosts,
  View: lazy(() => import('./HotListView')),
});

/**
 * Tabs by a field (options.tabField, default tendency): the configured values, else the field's
 * top 10 values by volume. The first tab's posts load with the tabs; the view loads the others.
 */
const tabPost = defineWidget<TabPostData>({
  load: async (request, { chart, search }) => {
    const field = tabField(chart);
    const base = baseRequest(request);
    const sort = requestSort(request, 'created desc');
    const configured = chart.options.tabValues;
    const tabs = configured?.length
      ? configured.map((name) => ({ name, value: 0 }))
      : (
          await search<ListAnswer<NameValue>>({
            ...base,
            aggs: 'common_terms',
            field,
            size: 10,
            value_type: 'volume',
          })
        ).list.filter((tab) => tab.name !== '' && tab.value > 0);
    const size = TAB_POST_SIZE;
    const page = tabs[0]
      ? await loadFirstPage(search, withValue(base, field, tabs[0].name), { size, sort })
      : { list: [], total: 0 };
    return { request: base, size, sort, page, field, tabs };
  },
  isEmpty: (data) => data.tabs.length === 0,
  View: lazy(() => import('./TabPostView')),
});

/**
 * Post widgets: articles, post-list, tab-post, information, search-post and hot-list. The pivot
 * tables and the retweet graph are built in widgets/pivot and widgets/graph.
 */
export const postWidgets: Partial<Record<WidgetType, WidgetDefinition>> = {
  articles,
  'post-list': postList,
  'tab-post': tabPost,
  information,
  'search-post': searchPost,
  'hot-list': hotList,
};
