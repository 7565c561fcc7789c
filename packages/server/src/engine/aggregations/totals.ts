import { SENTIMENTS } from '@yuqing/core';
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
