import type { z } from 'zod';
import type { negativeShareCondition } from '@yuqing/core';
import { windowCounts } from '../window-counts.js';
import { chip, narrowed } from '../window-query.js';
import { windowOf, type MeasureWindows } from './measured.js';

/** The share of 负面 posts among the window's matches, from `min_count` matches on. */
export const measureNegativeShare: MeasureWindows<z.infer<typeof negativeShareCondition>> = async (
  { engine, scope, query, condition },
  windows,
) => {
  const totals = await windowCounts(engine, scope, query, windows);
  const negative = narrowed(query, chip('tendency', ['负面']));
  const negatives = await windowCounts(engine, scope, negative, windows);
  return windows.map((w, i) => {
    const count = totals[i]!;
    const share = count === 0 ? 0 : negatives[i]! / count;
    return {
      ...windowOf(w),
      value: share,
      threshold: condition.threshold,
      count,
      baseline: null,
      terms: [],
      fired: count >= condition.min_count && share > condition.threshold,
      focus: negative,
    };
  });
};
