import type { RetweetGraphAnswer } from '@yuqing/core';
import { defineWidget } from '../defineWidget';
import type { WidgetDefinitions } from '../types';

/** m-weibo-graph: the retweet chains of the most retweeted posts. */
export const graphWidgets = {
  'm-weibo-graph': defineWidget<RetweetGraphAnswer>({
    isEmpty: (data) => data.nodes.length === 0,
    view: () => import('./RetweetGraphView'),
  }),
} satisfies Partial<WidgetDefinitions>;
