import type { CompetingData, PathTreeData, StatisticsAnswer, TableData } from '@yuqing/core';
import { defineWidget } from '../defineWidget';
import type { WidgetDefinitions } from '../types';
import { isCompetingEmpty } from './competing';
import { isTreeEmpty } from './path-tree';
import { isStatisticsEmpty } from '@yuqing/core';

/** Widgets drawn with Ant Design: statistics, cards, lists, tables, path tree, iframe, landing. */
export const basicWidgets = {
  statistics: defineWidget<StatisticsAnswer>({
    isEmpty: isStatisticsEmpty,
    view: () => import('./StatisticsView'),
  }),
  'statistics-card': defineWidget<StatisticsAnswer>({
    isEmpty: isStatisticsEmpty,
    view: () => import('./StatisticsCardView'),
  }),
  'competing-list': defineWidget<CompetingData>({
    isEmpty: isCompetingEmpty,
    view: () => import('./CompetingListView'),
  }),
  'path-tree': defineWidget<PathTreeData>({
    isEmpty: (data) => isTreeEmpty(data.list),
    view: () => import('./PathTreeView'),
  }),
  'm-table': defineWidget<TableData>({
    isEmpty: (data) => data.list.length === 0,
    view: () => import('./TableView'),
  }),
  'm-iframe': defineWidget<undefined>({ view: () => import('./IframeView') }),
  'landing-page': defineWidget<undefined>({ view: () => import('./LandingPageView') }),
} satisfies Partial<WidgetDefinitions>;
