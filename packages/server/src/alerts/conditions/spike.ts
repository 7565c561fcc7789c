import type { z } from 'zod';
import { robustScore, seasonalWindows, type spikeCondition } from '@yuqing/core';
import { windowCounts } from '../window-counts.js';
import { chip, narrowed, type TimeRange } from '../window-query.js';
import { windowOf, type MeasureWindows } from './measured.js';

const NEGATIVE = chip('tendency', ['负面']);

/**
 * Each window's volume (or negative volume) against the same window of the hour of day on the
 * past `baseline_days`: fires when its robust score passes `min_score` and it holds at least
 * `min_count` posts, so a few posts at night, against a night median of 0, page nobody.
 */
export const measureSpike: MeasureWindows<z.infer<typeof spikeCondition>> = async (
  { engine, scope, query, condition },
  windows,
) => {
  const focus = condition.measure === 'negative' ? narrowed(query, NEGATIVE) : query;
  const histories = windows.map((w) => seasonalWindows(w, condition.baseline_days));
  const all = new Map<number, TimeRange>();
  for (const w of [...windows, ...histories.flat()]) all.set(w.start, w);
  const ordered = [...all.values()].sort((a, b) => a.start - b.start);
  const counts = await windowCounts(engine, scope, focus, ordered);
  const countAt = new Map(ordered.map((w, i) => [w.start, counts[i]!]));
  return windows.map((w, i) => {
    const value = countAt.get(w.start)!;
    const history = histories[i]!.map((h) => countAt.get(h.start)!);
    const baseline = robustScore(value, history);
    return {
      ...windowOf(w),
      value,
      threshold: condition.min_score,
      count: value,
      baseline,
      terms: [],
      fired: value >= condition.min_count && baseline.score >= condition.min_score,
      focus,
    };
  });
};
