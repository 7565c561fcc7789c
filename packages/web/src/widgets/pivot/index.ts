import type { PivotData, WidgetType } from '@yuqing/core';
import { lazy } from 'react';
import { defineWidget } from '../defineWidget';
import type { WidgetDefinition } from '../types';

const isEmpty = (data: PivotData) => data.list.every((cell) => !cell.value);

/** pivottable shows the values; pivottable2 the same cross table as shares with a heat tint. */
export const pivotWidgets: Partial<Record<WidgetType, WidgetDefinition>> = {
  pivottable: defineWidget<PivotData>({ isEmpty, View: lazy(() => import('./PivotTableView')) }),
  pivottable2: defineWidget<PivotData>({ isEmpty, View: lazy(() => import('./CrossTableView')) }),
};
