import type { RetweetGraphAnswer, WidgetType } from '@yuqing/core';
import { lazy } from 'react';
import { defineWidget } from '../defineWidget';
import type { WidgetDefinition } from '../types';

/** m-weibo-graph: the retweet chains of the most retweeted posts (`size` chains, default 20). */
export const graphWidgets: Partial<Record<WidgetType, WidgetDefinition>> = {
  'm-weibo-graph': defineWidget<RetweetGraphAnswer>({
    load: (request, { search }) =>
      search<RetweetGraphAnswer>({ ...request, aggs: 'common_retweet_graph' }),
    isEmpty: (data) => data.nodes.length === 0,
    View: lazy(() => import('./RetweetGraphView')),
  }),
};
