import type {
  CompareAnswer,
  HeatCell,
  ListAnswer,
  NameValue,
  PathCount,
  StackAnswer,
  TrendAnswer,
  WidgetType,
  WordsAnswer,
} from '@yuqing/core';
import { lazy } from 'react';
import { defineWidget } from '../defineWidget';
import type { WidgetDefinition } from '../types';
import { allZero } from './common';
import { mapIsEmpty } from './map.option';
import { stackIsEmpty } from './stack';
import { treeIsEmpty } from './tree.option';
import { trendIsEmpty } from './trend.option';

const termsEmpty = (data: ListAnswer<NameValue>) => allZero(data.list);
const heatEmpty = (data: ListAnswer<HeatCell>) => allZero(data.list);
const treeEmpty = (data: ListAnswer<PathCount | NameValue>) => treeIsEmpty(data.list);

/**
 * ECharts widgets: trends, bars, pies, word cloud, map, heat maps, tree map, sunburst. Each view
 * is its own chunk, so ECharts loads only when a page shows one of these charts.
 */
export const echartsWidgets: Partial<Record<WidgetType, WidgetDefinition>> = {
  lines: defineWidget<TrendAnswer>({
    isEmpty: trendIsEmpty,
    View: lazy(() => import('./LinesView')),
  }),
  'area-stack': defineWidget<TrendAnswer>({
    isEmpty: trendIsEmpty,
    View: lazy(() => import('./AreaStackView')),
  }),
  bar: defineWidget<ListAnswer<NameValue>>({
    isEmpty: termsEmpty,
    View: lazy(() => import('./BarView')),
  }),
  'stack-bar': defineWidget<StackAnswer>({
    isEmpty: stackIsEmpty,
    View: lazy(() => import('./StackBarView')),
  }),
  'compare-bar': defineWidget<CompareAnswer>({
    isEmpty: (data) => allZero(data.current) && allZero(data.previous),
    View: lazy(() => import('./CompareBarView')),
  }),
  pie: defineWidget<ListAnswer<NameValue>>({
    isEmpty: termsEmpty,
    View: lazy(() => import('./PieView')),
  }),
  words: defineWidget<WordsAnswer>({
    isEmpty: (data) => data.list.length === 0,
    View: lazy(() => import('./WordsView')),
  }),
  map: defineWidget<ListAnswer<NameValue>>({
    isEmpty: (data) => mapIsEmpty(data.list),
    View: lazy(() => import('./MapView')),
  }),
  'heat-map': defineWidget<ListAnswer<HeatCell>>({
    isEmpty: heatEmpty,
    View: lazy(() => import('./HeatMapView')),
  }),
  'heat-map-polar': defineWidget<ListAnswer<HeatCell>>({
    isEmpty: heatEmpty,
    View: lazy(() => import('./HeatMapPolarView')),
  }),
  'tree-map': defineWidget<ListAnswer<PathCount | NameValue>>({
    isEmpty: treeEmpty,
    View: lazy(() => import('./TreeMapView')),
  }),
  sunburst: defineWidget<ListAnswer<PathCount>>({
    isEmpty: treeEmpty,
    View: lazy(() => import('./SunburstView')),
  }),
};
