import type {
  ChartRequest,
  HeatCell,
  ListAnswer,
  NameValue,
  PathCount,
  TrendAnswer,
  WidgetType,
  WordsAnswer,
} from '@yuqing/core';
import { lazy } from 'react';
import { defineWidget } from '../defineWidget';
import type { LoadContext, WidgetDefinition } from '../types';
import { allZero, withDefaults } from './common';
import { loadCompare, type CompareAnswer } from './compare';
import { mapIsEmpty } from './map.option';
import { loadStack, stackIsEmpty, type StackAnswer } from './stack';
import { treeIsEmpty } from './tree.option';
import { trendIsEmpty } from './trend.option';

/** A loader asking POST /search once, with the type's defaults where the widget sets none. */
function searchWith<T>(defaults: Parameters<typeof withDefaults>[1], fixed: ChartRequest = {}) {
  return (request: ChartRequest, context: LoadContext) =>
    context.search<T>({ ...withDefaults(request, defaults), ...fixed });
}

const trend = {
  load: searchWith<TrendAnswer>({ aggs: 'common_trend' }),
  isEmpty: trendIsEmpty,
  switches: { valueType: true, interval: true },
};

const terms = (field: 'media_platform' | 'tendency') => ({
  load: searchWith<ListAnswer<NameValue>>({ aggs: 'common_terms', field }),
  isEmpty: (data: ListAnswer<NameValue>) => allZero(data.list),
  switches: { valueType: true },
});

const heat = {
  load: searchWith<ListAnswer<HeatCell>>({ aggs: 'common_heatmap' }),
  isEmpty: (data: ListAnswer<HeatCell>) => allZero(data.list),
  switches: { valueType: true },
};

const tree = {
  load: searchWith<ListAnswer<PathCount>>({ aggs: 'common_all_topic' }),
  isEmpty: (data: ListAnswer<PathCount | NameValue>) => treeIsEmpty(data.list),
};

/**
 * ECharts widgets: trends, bars, pies, word cloud, map, heat maps, tree map, sunburst. Each view
 * is its own chunk, so ECharts loads only when a page shows one of these charts.
 */
export const echartsWidgets: Partial<Record<WidgetType, WidgetDefinition>> = {
  lines: defineWidget<TrendAnswer>({ ...trend, View: lazy(() => import('./LinesView')) }),
  'area-stack': defineWidget<TrendAnswer>({
    ...trend,
    View: lazy(() => import('./AreaStackView')),
  }),
  bar: defineWidget<ListAnswer<NameValue>>({
    ...terms('media_platform'),
    View: lazy(() => import('./BarView')),
  }),
  'stack-bar': defineWidget<StackAnswer>({
    load: loadStack,
    isEmpty: stackIsEmpty,
    switches: { valueType: true, interval: true },
    View: lazy(() => import('./StackBarView')),
  }),
  'compare-bar': defineWidget<CompareAnswer>({
    load: loadCompare,
    isEmpty: (data) => allZero(data.current) && allZero(data.previous),
    switches: { valueType: true },
    View: lazy(() => import('./CompareBarView')),
  }),
  pie: defineWidget<ListAnswer<NameValue>>({
    ...terms('tendency'),
    View: lazy(() => import('./PieView')),
  }),
  words: defineWidget<WordsAnswer>({
    load: searchWith<WordsAnswer>({ aggs: 'common_words' }),
    isEmpty: (data) => data.list.length === 0,
    View: lazy(() => import('./WordsView')),
  }),
  map: defineWidget<ListAnswer<NameValue>>({
    // Every province, whatever the widget's field and size say.
    load: searchWith<ListAnswer<NameValue>>(
      { aggs: 'common_terms' },
      { field: 'province', size: 34 },
    ),
    isEmpty: (data) => mapIsEmpty(data.list),
    switches: { valueType: true },
    View: lazy(() => import('./MapView')),
  }),
  'heat-map': defineWidget<ListAnswer<HeatCell>>({
    ...heat,
    View: lazy(() => import('./HeatMapView')),
  }),
  'heat-map-polar': defineWidget<ListAnswer<HeatCell>>({
    ...heat,
    View: lazy(() => import('./HeatMapPolarView')),
  }),
  'tree-map': defineWidget<ListAnswer<PathCount | NameValue>>({
    ...tree,
    View: lazy(() => import('./TreeMapView')),
  }),
  sunburst: defineWidget<ListAnswer<PathCount>>({
    ...tree,
    View: lazy(() => import('./SunburstView')),
  }),
};
