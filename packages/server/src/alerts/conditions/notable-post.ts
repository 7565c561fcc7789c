import type { z } from 'zod';
import type { notablePostCondition, Post, RuleQuery } from '@yuqing/core';
import { postOfListed } from '../../engine/listed-post.js';
import { windowCounts } from '../window-counts.js';
import { chip, narrowed, windowQuery, type TimeRange } from '../window-query.js';
import { windowOf, type MeasureWindows } from './measured.js';

/** Posts of a window read to find authors over the follower count, at most. */
export const NOTABLE_SCAN_LIMIT = 20_000;

type Condition = z.infer<typeof notablePostCondition>;

const isNotable = (post: Post, condition: Condition) =>
  (condition.media_levels as string[]).includes(post.media_level) ||
  (condition.min_followers !== undefined &&
    (post.user?.followers_count ?? 0) >= condition.min_followers);

/**
 * Posts of the window from a medium of the chosen levels, or by an author with at least
 * `min_followers` followers. Levels alone are a filter the engine counts; followers are no
 * filter field, so the window's posts are read (newest windows are small).
 */
export const measureNotablePost: MeasureWindows<Condition> = async (
  { engine, scope, query, condition },
  windows,
) => {
  if (condition.min_followers === undefined) {
    const focus = narrowed(query, chip('media_level', condition.media_levels));
    const counts = await windowCounts(engine, scope, focus, windows);
    return windows.map((w, i) => measured(w, counts[i]!, counts[i]!, focus));
  }
  const results = [];
  for (const w of windows) {
    let read = 0;
    let notable = 0;
    for await (const batch of engine.scan(scope, windowQuery(query, w), 'created asc')) {
      notable += batch.filter((row) => isNotable(postOfListed(row), condition)).length;
      read += batch.length;
      if (read >= NOTABLE_SCAN_LIMIT) break;
    }
    results.push(measured(w, notable, read, query));
  }
  return results;
};

function measured(w: TimeRange, notable: number, count: number, focus: RuleQuery) {
  return {
    ...windowOf(w),
    value: notable,
    threshold: 0,
    count,
    baseline: null,
    terms: [],
    fired: notable > 0,
    focus,
  };
}
