import type { EventTimelineAnswer } from '@yuqing/core';
import { defineWidget } from '../defineWidget';
import type { WidgetDefinitions } from '../types';

/** event-timeline: the first post, peaks, turns of sentiment and top spreaders, in time order. */
export const timelineWidgets = {
  'event-timeline': defineWidget<EventTimelineAnswer>({
    isEmpty: (data) => data.events.length === 0,
    view: () => import('./EventTimelineView'),
  }),
} satisfies Partial<WidgetDefinitions>;
