import type { PivotData } from '@yuqing/core';
import { defineWidget } from '../defineWidget';
import type { WidgetDefinitions } from '../types';

const isEmpty = (data: PivotData) => data.list.every((cell) => !cell.value);

/** pivottable shows the values; pivottable2 the same cross table as shares with a heat tint. */
export const pivotWidgets = {
  pivottable: defineWidget<PivotData>({ isEmpty, view: () => import('./PivotTableView') }),
  pivottable2: defineWidget<PivotData>({ isEmpty, view: () => import('./CrossTableView') }),
} satisfies Partial<WidgetDefinitions>;
