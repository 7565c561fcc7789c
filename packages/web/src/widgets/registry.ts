import type { WidgetType } from '@yuqing/core';
import { basicWidgets } from './basic';
import { echartsWidgets } from './echarts';
import { graphWidgets } from './graph';
import { pivotWidgets } from './pivot';
import { postWidgets } from './posts';
import type { WidgetDefinition } from './types';

const registry: Partial<Record<WidgetType, WidgetDefinition>> = {
  ...postWidgets,
  ...pivotWidgets,
  ...graphWidgets,
  ...basicWidgets,
  ...echartsWidgets,
};

/** The one registry of widget types; the viewer and the editor both draw from it. */
export function widgetDefinition(type: WidgetType): WidgetDefinition | undefined {
  return registry[type];
}
