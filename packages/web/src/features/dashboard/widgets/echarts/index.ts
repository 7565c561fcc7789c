import type { WidgetType } from '@yuqing/core';
import type { WidgetDefinition } from '../types';

/** ECharts widgets: trends, bars, pies, word cloud, map, heat maps, tree map, sunburst. */
export const echartsWidgets: Partial<Record<WidgetType, WidgetDefinition>> = {};
