import {
  previousRange,
  resolveCompareRange,
  type ChartRequest,
  type DateRange,
  type ListAnswer,
  type NameValue,
} from '@yuqing/core';
import type { LoadContext } from '../types';
import { withDefaults } from './common';

/** What a compare-bar loads: the terms of both periods and the periods themselves. */
export interface CompareAnswer {
  current: NameValue[];
  previous: NameValue[];
  ranges: { current: DateRange; previous: DateRange };
}

/**
 * The period compared to: the widget's named range (`options.compare`, resolved at `now`), or by
 * default the range of equal length just before the current one.
 */
export function comparisonRange(
  current: DateRange,
  context: Pick<LoadContext, 'chart' | 'now' | 'timeZone'>,
): DateRange {
  const named = context.chart.options.compare;
  return named ? resolveCompareRange(named, context.now, context.timeZone) : previousRange(current);
}

/** Both periods' terms, asked in parallel. */
export async function loadCompare(
  request: ChartRequest,
  context: LoadContext,
): Promise<CompareAnswer> {
  const body = withDefaults(request, { aggs: 'common_terms', field: 'media_platform' });
  const current: DateRange = {
    start: typeof body.start === 'number' ? body.start : context.query.start,
    end: typeof body.end === 'number' ? body.end : context.query.end,
  };
  const previous = comparisonRange(current, context);
  const [now, before] = await Promise.all([
    context.search<ListAnswer<NameValue>>({ ...body, ...current }),
    context.search<ListAnswer<NameValue>>({ ...body, ...previous }),
  ]);
  return { current: now.list, previous: before.list, ranges: { current, previous } };
}
