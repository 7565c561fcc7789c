import type { PostQuery, ValueType } from '@yuqing/core';
import type { StatisticsResult, Totals } from '../types.js';
import { emptyTotals } from './totals.js';

/** The period of the same length just before the query's range; none without a whole range. */
export function previousPeriod(query: PostQuery): PostQuery | undefined {
  const { start, end } = query;
  if (start === undefined || end === undefined) return undefined;
  return { ...query, start: start - (end - start), end: start };
}

/** Statistics: the totals of the query and of its previous period, asked at once. */
export async function statisticsOf(
  query: PostQuery,
  valueType: ValueType,
  totals: (query: PostQuery) => Promise<Totals>,
): Promise<StatisticsResult> {
  const previous = previousPeriod(query);
  const [currentTotals, previousTotals] = await Promise.all([
    totals(query),
    previous ? totals(previous) : Promise.resolve(emptyTotals()),
  ]);
  return { current: currentTotals, previous: previousTotals, value_type: valueType };
}
