import type { ChartRequest, ListAnswer, PivotCell, TrendAnswer } from '@yuqing/core';
import type { LoadContext } from '../types';
import { allZero, withDefaults } from './common';
import { trendIsEmpty } from './trend.option';

/** A stack-bar draws a pivot (rows × cols) or a trend with series; the loader says which. */
export type StackAnswer =
  { kind: 'pivot'; list: PivotCell[] } | { kind: 'trend'; trend: TrendAnswer };

/** A pivot when the widget asks for one or names rows and columns, else a trend. */
export async function loadStack(request: ChartRequest, context: LoadContext): Promise<StackAnswer> {
  const pivot =
    request.aggs === 'common_pivot' ||
    (request.aggs === undefined && request.rows !== undefined && request.cols !== undefined);
  if (pivot) {
    const answer = await context.search<ListAnswer<PivotCell>>(
      withDefaults(request, { aggs: 'common_pivot' }),
    );
    return { kind: 'pivot', list: answer.list };
  }
  const trend = await context.search<TrendAnswer>(withDefaults(request, { aggs: 'common_trend' }));
  return { kind: 'trend', trend };
}

export const stackIsEmpty = (data: StackAnswer): boolean =>
  data.kind === 'pivot' ? allZero(data.list) : trendIsEmpty(data.trend);
