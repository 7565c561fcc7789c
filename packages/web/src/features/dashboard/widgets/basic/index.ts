import type {
  AuthorRank,
  ChartRequest,
  ListAnswer,
  NameValue,
  PathCount,
  StatisticsAnswer,
  WidgetType,
} from '@yuqing/core';
import { lazy } from 'react';
import { defineWidget } from '../defineWidget';
import type { LoadContext, WidgetDefinition } from '../types';
import {
  competingField,
  competingRequests,
  competingRows,
  isCompetingEmpty,
  type CompetingData,
} from './competing';
import { isTreeEmpty, type PathTreeData } from './path-tree';
import { requestValueType } from './request';
import { isStatisticsEmpty } from './statistics';
import { tableAggregation, tableField, type TableData } from './table';

const loadStatistics = (request: ChartRequest, { search }: LoadContext) =>
  search<StatisticsAnswer>({ ...request, aggs: 'common_statistics' });

const statistics = defineWidget<StatisticsAnswer>({
  load: loadStatistics,
  isEmpty: isStatisticsEmpty,
  View: lazy(() => import('./StatisticsView')),
});

const statisticsCard = defineWidget<StatisticsAnswer>({
  load: loadStatistics,
  isEmpty: isStatisticsEmpty,
  View: lazy(() => import('./StatisticsCardView')),
});

const competingList = defineWidget<CompetingData>({
  // Two requests in parallel: the measure the bars show, and the second measure beside it.
  load: async (request, { chart, search }) => {
    const { valueType, otherType, bodies } = competingRequests(request, chart);
    const [primary, secondary] = await Promise.all(
      bodies.map((body) => search<ListAnswer<NameValue>>(body)),
    );
    return {
      field: competingField(chart),
      valueType,
      otherType,
      rows: competingRows(primary?.list ?? [], secondary?.list, chart.options.paths),
    };
  },
  isEmpty: isCompetingEmpty,
  View: lazy(() => import('./CompetingListView')),
  switches: { valueType: true },
});

const pathTree = defineWidget<PathTreeData>({
  load: async (request, { chart, search }) => {
    const field = chart.innerRequest.field ?? 'topic_paths';
    const answer = await search<ListAnswer<PathCount>>({
      ...request,
      aggs: 'common_all_topic',
      field,
    });
    return { field, list: answer.list };
  },
  isEmpty: (data) => isTreeEmpty(data.list),
  View: lazy(() => import('./PathTreeView')),
});

const table = defineWidget<TableData>({
  load: async (request, { chart, search }) => {
    const aggs = tableAggregation(chart);
    const field = tableField(chart);
    const valueType = requestValueType(request, chart);
    const answer = await search<ListAnswer<NameValue | AuthorRank>>({
      ...request,
      aggs,
      ...(field ? { field } : {}),
      ...(aggs === 'common_terms' ? { value_type: valueType } : {}),
    });
    return { aggs, field, valueType, list: answer.list };
  },
  isEmpty: (data) => data.list.length === 0,
  View: lazy(() => import('./TableView')),
  // The value type counts only for groupings; author rankings always count posts.
  switches: { valueType: true },
});

const iframe = defineWidget<undefined>({ View: lazy(() => import('./IframeView')) });
const landingPage = defineWidget<undefined>({ View: lazy(() => import('./LandingPageView')) });

/** Widgets drawn with Ant Design: statistics, cards, lists, tables, path tree, iframe, landing. */
export const basicWidgets: Partial<Record<WidgetType, WidgetDefinition>> = {
  statistics,
  'statistics-card': statisticsCard,
  'competing-list': competingList,
  'path-tree': pathTree,
  'm-table': table,
  'm-iframe': iframe,
  'landing-page': landingPage,
};
