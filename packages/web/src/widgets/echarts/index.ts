import type {
  CompareAnswer,
  HeatCell,
  ListAnswer,
  NameValue,
  PathCount,
  StackAnswer,
  TrendAnswer,
  WordsAnswer,
} from '@yuqing/core';
import { defineWidget } from '../defineWidget';
import type { WidgetDefinitions } from '../types';
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
export const echartsWidgets = {
  lines: defineWidget<TrendAnswer>({
    isEmpty: trendIsEmpty,
    view: () => import('./LinesView'),
  }),
  'area-stack': defineWidget<TrendAnswer>({
    isEmpty: trendIsEmpty,
    view: () => import('./AreaStackView'),
  }),
  bar: defineWidget<ListAnswer<NameValue>>({
    isEmpty: termsEmpty,
    view: () => import('./BarView'),
  }),
  'stack-bar': defineWidget<StackAnswer>({
    isEmpty: stackIsEmpty,
    view: () => import('./StackBarView'),
  }),
  'compare-bar': defineWidget<CompareAnswer>({
    isEmpty: (data) => allZero(data.current) && allZero(data.previous),
    view: () => import('./CompareBarView'),
  }),
  pie: defineWidget<ListAnswer<NameValue>>({
    isEmpty: termsEmpty,
    view: () => import('./PieView'),
  }),
  words: defineWidget<WordsAnswer>({
    isEmpty: (data) => data.list.length === 0,
    view: () => import('./WordsView'),
  }),
  map: defineWidget<ListAnswer<NameValue>>({
    isEmpty: (data) => mapIsEmpty(data.list),
    view: () => import('./MapView'),
  }),
  'heat-map': defineWidget<ListAnswer<HeatCell>>({
    isEmpty: heatEmpty,
    view: () => import('./HeatMapView'),
  }),
  'heat-map-polar': defineWidget<ListAnswer<HeatCell>>({
    isEmpty: heatEmpty,
    view: () => import('./HeatMapPolarView'),
  }),
  'tree-map': defineWidget<ListAnswer<PathCount | NameValue>>({
    isEmpty: treeEmpty,
    view: () => import('./TreeMapView'),
  }),
  sunburst: defineWidget<ListAnswer<PathCount | NameValue>>({
    isEmpty: treeEmpty,
    view: () => import('./SunburstView'),
  }),
} satisfies Partial<WidgetDefinitions>;
