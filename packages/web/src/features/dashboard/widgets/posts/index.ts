import { POST_WIDGET_TYPES, type WidgetType } from '@yuqing/core';
import { lazy } from 'react';
import { defineWidget } from '../defineWidget';
import type { WidgetDefinition } from '../types';

const placeholder = defineWidget<undefined>({
  View: lazy(() => import('./PostWidgetPlaceholder')),
});

/** Post widgets (articles, lists, pivot tables, hot list, retweet graph). */
export const postWidgets: Partial<Record<WidgetType, WidgetDefinition>> = Object.fromEntries(
  POST_WIDGET_TYPES.map((type) => [type, placeholder]),
);
