import type { PostWidgetData, TabPostData } from '@yuqing/core';
import { defineWidget } from '../defineWidget';
import type { WidgetDefinitions } from '../types';

const noPosts = (data: PostWidgetData) => data.page.total === 0 || data.page.list.length === 0;

/**
 * Post widgets: articles, post-list, tab-post, information, search-post and hot-list. The pivot
 * tables and the retweet graph are drawn in widgets/pivot and widgets/graph.
 */
export const postWidgets = {
  articles: defineWidget<PostWidgetData>({
    isEmpty: noPosts,
    view: () => import('./ArticlesView'),
  }),
  'post-list': defineWidget<PostWidgetData>({
    isEmpty: noPosts,
    view: () => import('./PostListView'),
  }),
  'tab-post': defineWidget<TabPostData>({
    isEmpty: (data) => data.tabs.length === 0,
    view: () => import('./TabPostView'),
  }),
  information: defineWidget<PostWidgetData>({
    isEmpty: noPosts,
    view: () => import('./InformationView'),
  }),
  'search-post': defineWidget<PostWidgetData>({
    isEmpty: noPosts,
    view: () => import('./SearchPostView'),
  }),
  'hot-list': defineWidget<PostWidgetData>({
    isEmpty: noPosts,
    view: () => import('./HotListView'),
  }),
} satisfies Partial<WidgetDefinitions>;
