import type {
  CompetingData,
  PathTreeData,
  StatisticsAnswer,
  TableData,
  WidgetType,
} from '@yuqing/core';
import { lazy } from 'react';
import { defineWidget } from '../defineWidget';
import type { WidgetDefinition } from '../types';
import { isCompetingEmpty } from './competing';
import { isTreeEmpty } from './path-tree';
import { isStatisticsEmpty } from '@yuqing/core';

/** Widgets drawn with Ant Design: statistics, cards, lists, tables, path tree, iframe, landing. */
export const basicWidgets: Partial<Record<WidgetType, WidgetDefinition>> = {
  statistics: defineWidget<StatisticsAnswer>({
    isEmpty: isStatisticsEmpty,
    View: lazy(() => import('./StatisticsView')),
  }),
  'statistics-card': defineWidget<StatisticsAnswer>({
    isEmpty: isStatisticsEmpty,
    View: lazy(() => import('./StatisticsCardView')),
  }),
  'competing-list': defineWidget<CompetingData>({
    isEmpty: isCompetingEmpty,
    View: lazy(() => import('./CompetingListView')),
  }),
  'path-tree': defineWidget<PathTreeData>({
    isEmpty: (data) => isTreeEmpty(data.list),
    View: lazy(() => import('./PathTreeView')),
  }),
  'm-table': defineWidget<TableData>({
    isEmpty: (data) => data.list.length === 0,
    View: lazy(() => import('./TableView')),
  }),
  'm-iframe': defineWidget<undefined>({ View: lazy(() => import('./IframeView')) }),
  'landing-page': defineWidget<undefined>({ View: lazy(() => import('./LandingPageView')) }),
};
