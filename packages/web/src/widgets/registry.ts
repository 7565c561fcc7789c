import type { WidgetType } from '@yuqing/core';
import { basicWidgets } from './basic';
import { echartsWidgets } from './echarts';
import { graphWidgets } from './graph';
import { pivotWidgets } from './pivot';
import { postWidgets } from './posts';
import { timelineWidgets } from './timeline';
import type { WidgetDefinition, WidgetDefinitions } from './types';

const registry: WidgetDefinitions = {
  ...postWidgets,
  ...pivotWidgets,
  ...graphWidgets,
  ...timelineWidgets,
  ...basicWidgets,
  ...echartsWidgets,
};

/**
 * The one registry of widget types; the viewer and the editor both draw from it. The data a view
 * is given comes from the server as `unknown`: it is the data of the chart's type.
 */
export function widgetDefinition(type: WidgetType): WidgetDefinition {
  return registry[type] as WidgetDefinition;
}

/** Starts loading ECharts itself, which every chart view shares, before any page is known. */
export const preloadCharts = () => void import('./echarts/EChart');

/** Loads the views of these widgets (while their data is asked for); settles when all are in. */
export async function preloadWidgetViews(charts: readonly { type: WidgetType }[]): Promise<void> {
  const types = new Set(charts.map((chart) => chart.type));
  await Promise.all([...types].map((type) => registry[type].preload()));
}
