import type { ChartRequest, FilterField, ListAnswer, PivotCell, WidgetType } from '@yuqing/core';
import { lazy } from 'react';
import { requestValueType } from '../basic/request';
import { defineWidget } from '../defineWidget';
import type { LoadContext, WidgetDefinition } from '../types';
import { DEFAULT_COLS, DEFAULT_ROWS, type PivotData } from './pivot';

/** Asks `common_pivot` for the configured (or default) fields and the value type in force. */
async function loadPivot(request: ChartRequest, { chart, search }: LoadContext) {
  const rows = (request.rows as FilterField | undefined) ?? DEFAULT_ROWS;
  const cols = (request.cols as FilterField | undefined) ?? DEFAULT_COLS;
  const valueType = requestValueType(request, chart);
  const answer = await search<ListAnswer<PivotCell>>({
    ...request,
    aggs: 'common_pivot',
    rows,
    cols,
    value_type: valueType,
  });
  return { rows, cols, valueType, list: answer.list } satisfies PivotData;
}

const isEmpty = (data: PivotData) => data.list.every((cell) => !cell.value);

/** pivottable shows the values; pivottable2 the same cross table as shares with a heat tint. */
export const pivotWidgets: Partial<Record<WidgetType, WidgetDefinition>> = {
  pivottable: defineWidget<PivotData>({
    load: loadPivot,
    isEmpty,
    View: lazy(() => import('./PivotTableView')),
    switches: { valueType: true },
  }),
  pivottable2: defineWidget<PivotData>({
    load: loadPivot,
    isEmpty,
    View: lazy(() => import('./CrossTableView')),
    switches: { valueType: true },
  }),
};
