import type { WidgetType } from '@yuqing/core';
import type { WidgetDefinition } from '../types';

/** Widgets drawn with Ant Design: statistics, cards, lists, tables, path tree, iframe, landing. */
export const basicWidgets: Partial<Record<WidgetType, WidgetDefinition>> = {};
