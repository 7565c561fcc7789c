import type { z } from 'zod';
import { robustScore, seasonalWindows, type spikeCondition } from '@yuqing/core';
import { hourlyCounts, windowCounts } from '../window-counts.js';
import { chip, narrowed, type TimeRange } from '../window-query.js';
import { windowOf, type MeasureWindows } from './measured.js';

const NEGATIVE = chip('tendency', ['负面']);

/**
 * Each window's volume (or negative volume) against the same window of the hour of day on the
 * past `baseline_days` (counted by hour of day, a partial hour pro rata: see `hourlyCounts`):
 * fires when its robust score passes `min_score` and it holds at least `min_count` posts, so a
 * few posts at night, against a night median of 0, page nobody.
 */
export const measureSpike: MeasureWindows<z.infer<typeof spikeCondition>> = async (
  { engine, scope, query, condition },
  windows,
) => {
  const focus = condition.measure === 'negative' ? narrowed(query, NEGATIVE) : query;
  const histories = windows.map((w) => seasonalWindows(w, condition.baseline_days));
  const past = new Map<number, TimeRange>();
  for (const h of histories.flat()) past.set(h.start, h);
  const ordered = [...past.values()].sort((a, b) => a.start - b.start);
  const [counts, pastCounts] = await Promise.all([
    windowCounts(engine, scope, focus, windows),
    hourlyCounts(engine, scope, focus, ordered),
  ]);
  const countAt = new Map(ordered.map((w, i) => [w.start, pastCounts[i]!]));
  return windows.map((w, i) => {
    const value = counts[i]!;
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
