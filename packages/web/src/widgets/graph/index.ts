import type { RetweetGraphAnswer, WidgetType } from '@yuqing/core';
import { lazy } from 'react';
import { defineWidget } from '../defineWidget';
import type { WidgetDefinition } from '../types';

/** m-weibo-graph: the retweet chains of the most retweeted posts. */
export const graphWidgets: Partial<Record<WidgetType, WidgetDefinition>> = {
  'm-weibo-graph': defineWidget<RetweetGraphAnswer>({
    isEmpty: (data) => data.nodes.length === 0,
    View: lazy(() => import('./RetweetGraphView')),
  }),
};
