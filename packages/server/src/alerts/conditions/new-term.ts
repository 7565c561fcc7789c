import type { z } from 'zod';
import type { newTermCondition, PathCount } from '@yuqing/core';
import { DAY_MS } from '@yuqing/core';
import type { EngineScope, PostsEngine } from '../../engine/types.js';
import { windowQuery, type TimeRange } from '../window-query.js';
import { windowOf, type MeasureWindows } from './measured.js';

type Condition = z.infer<typeof newTermCondition>;

/** Terms of a window that may be new: its top words or topics. */
const WINDOW_TERMS = 50;
/** What the baseline is read as: its top words (of its newest posts) or topics. */
const BASELINE_TERMS = 2000;
const BASELINE_POSTS = 50_000;

const flatten = (nodes: readonly PathCount[]): PathCount[] =>
  nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);

async function termsOf(
  engine: PostsEngine,
  scope: EngineScope,
  source: Condition['source'],
  query: ReturnType<typeof windowQuery>,
  size: number,
  recent: number,
) {
  if (source === 'words') return engine.words(scope, query, { size, recent });
  const tree = await engine.pathTree(scope, query, { field: 'topic_paths', size });
  return flatten(tree).map((node) => ({ name: node.path, value: node.value }));
}

/**
 * Words (the word cloud's tokens) or topic paths of the window, each in at least `min_count`
 * posts, that are not among the baseline's top terms: the words of the newest 50,000 posts of
 * the past `baseline_days`, or every topic path they have.
 */
export const measureNewTerm: MeasureWindows<Condition> = async (
  { engine, scope, query, condition },
  windows,
) => {
  const results = [];
  for (const w of windows) {
    const baselineRange: TimeRange = {
      start: w.start - condition.baseline_days * DAY_MS,
      end: w.start,
    };
    const [count, current, baseline] = await Promise.all([
      engine.count(scope, windowQuery(query, w)),
      termsOf(engine, scope, condition.source, windowQuery(query, w), WINDOW_TERMS, BASELINE_POSTS),
      termsOf(
        engine,
        scope,
        condition.source,
        windowQuery(query, baselineRange),
        BASELINE_TERMS,
        BASELINE_POSTS,
      ),
    ]);
    const seen = new Set(baseline.map((term) => term.name));
    const fresh = current
      .filter((term) => term.value >= condition.min_count && !seen.has(term.name))
      .map((term) => term.name);
    results.push({
      ...windowOf(w),
      value: fresh.length,
      threshold: 0,
      count,
      baseline: null,
      terms: fresh,
      fired: fresh.length > 0,
      focus: query,
    });
  }
  return results;
};
