import type { AlertRule } from '@yuqing/core';
import type { EngineScope, PostsEngine } from '../engine/types.js';
import type { Measured } from './conditions/measured.js';
import { measureNegativeShare } from './conditions/negative-share.js';
import { measureNewTerm } from './conditions/new-term.js';
import { measureNotablePost } from './conditions/notable-post.js';
import { measureSpike } from './conditions/spike.js';
import { measureVolume } from './conditions/volume.js';
import type { TimeRange } from './window-query.js';

/** Measures windows of a rule (oldest first) by its condition's kind. */
export function measureRule(
  engine: PostsEngine,
  scope: EngineScope,
  rule: Pick<AlertRule, 'query' | 'condition'>,
  windows: readonly TimeRange[],
): Promise<Measured[]> {
  const base = { engine, scope, query: rule.query };
  const condition = rule.condition;
  switch (condition.kind) {
    case 'volume':
      return measureVolume({ ...base, condition }, windows);
    case 'spike':
      return measureSpike({ ...base, condition }, windows);
    case 'negative_share':
      return measureNegativeShare({ ...base, condition }, windows);
    case 'notable_post':
      return measureNotablePost({ ...base, condition }, windows);
    case 'new_term':
      return measureNewTerm({ ...base, condition }, windows);
  }
}

/** The window a check at `end` looks at. */
export const windowEndingAt = (rule: Pick<AlertRule, 'condition'>, end: number): TimeRange => ({
  start: end - rule.condition.window_minutes * 60_000,
  end,
});
