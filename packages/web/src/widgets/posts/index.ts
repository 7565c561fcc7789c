import type { PostWidgetData, TabPostData, WidgetType } from '@yuqing/core';
import { lazy } from 'react';
import { defineWidget } from '../defineWidget';
import type { WidgetDefinition } from '../types';

const noPosts = (data: PostWidgetData) => data.page.total === 0 || data.page.list.length === 0;

/**
 * Post widgets: articles, post-list, tab-post, information, search-post and hot-list. The pivot
 * tables and the retweet graph are drawn in widgets/pivot and widgets/graph.
 */
export const postWidgets: Partial<Record<WidgetType, WidgetDefinition>> = {
  articles: defineWidget<PostWidgetData>({
    isEmpty: noPosts,
    View: lazy(() => import('./ArticlesView')),
  }),
  'post-list': defineWidget<PostWidgetData>({
    isEmpty: noPosts,
    View: lazy(() => import('./PostListView')),
  }),
  'tab-post': defineWidget<TabPostData>({
    isEmpty: (data) => data.tabs.length === 0,
    View: lazy(() => import('./TabPostView')),
  }),
  information: defineWidget<PostWidgetData>({
    isEmpty: noPosts,
    View: lazy(() => import('./InformationView')),
  }),
  'search-post': defineWidget<PostWidgetData>({
    isEmpty: noPosts,
    View: lazy(() => import('./SearchPostView')),
  }),
  'hot-list': defineWidget<PostWidgetData>({
    isEmpty: noPosts,
    View: lazy(() => import('./HotListView')),
  }),
};
