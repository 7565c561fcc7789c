import type { AlertMeasure, RuleQuery } from '@yuqing/core';
import type { EngineScope, PostsEngine } from '../../engine/types.js';
import type { TimeRange } from '../window-query.js';

/** What a condition needs to measure windows of a rule. */
export interface MeasureInput<C> {
  engine: PostsEngine;
  scope: EngineScope;
  query: RuleQuery;
  condition: C;
}

/** One window measured: its numbers, whether it fired, and the posts the alert is about. */
export interface Measured extends AlertMeasure {
  fired: boolean;
  /** The rule's query as the condition counted it (negative posts only for a negative spike). */
  focus: RuleQuery;
}

/** Measures each of `windows` (oldest first); a test of the rule passes many at once. */
export type MeasureWindows<C> = (
  input: MeasureInput<C>,
  windows: readonly TimeRange[],
) => Promise<Measured[]>;

export const windowOf = (w: TimeRange) => ({ window_start: w.start, window_end: w.end });

/** The numbers an alert keeps of a measured window. */
export const alertMeasureOf = (measured: Measured): AlertMeasure => ({
  window_start: measured.window_start,
  window_end: measured.window_end,
  value: measured.value,
  threshold: measured.threshold,
  count: measured.count,
  baseline: measured.baseline,
  terms: measured.terms,
});
