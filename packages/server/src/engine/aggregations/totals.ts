import { SENTIMENTS, VALUE_TYPES, type ValueType } from '@yuqing/core';
import type { Totals } from '../types.js';

/** Totals of no posts: what statistics answer for a missing previous period. */
export function emptyTotals(): Totals {
  return {
    volume: 0,
    engagement_num: 0,
    repost_num: 0,
    comment_num: 0,
    like_num: 0,
    read_num: 0,
    zpz_num: 0,
    tendency: Object.fromEntries(SENTIMENTS.map((label) => [label, 0])),
  };
}

/**
 * Totals read off one aggregate row: `value` reads a value type's column, `sentiment` the count
 * of the i-th of SENTIMENTS.
 */
export function totalsFrom(
  value: (type: ValueType) => number,
  sentiment: (index: number) => number,
): Totals {
  return {
    ...(Object.fromEntries(VALUE_TYPES.map((type) => [type, value(type)])) as Omit<
      Totals,
      'tendency'
    >),
    tendency: Object.fromEntries(SENTIMENTS.map((label, i) => [label, sentiment(i)])),
  };
}
