import type { z } from 'zod';
import type { volumeCondition } from '@yuqing/core';
import { windowCounts } from '../window-counts.js';
import { windowOf, type MeasureWindows } from './measured.js';

/** Matching posts in the window over the threshold. */
export const measureVolume: MeasureWindows<z.infer<typeof volumeCondition>> = async (
  { engine, scope, query, condition },
  windows,
) => {
  const counts = await windowCounts(engine, scope, query, windows);
  return windows.map((w, i) => ({
    ...windowOf(w),
    value: counts[i]!,
    threshold: condition.threshold,
    count: counts[i]!,
    baseline: null,
    terms: [],
    fired: counts[i]! > condition.threshold,
    focus: query,
  }));
};
