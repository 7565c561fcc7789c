import {
  ALERT_TEST_MAX_WINDOWS,
  DAY_MS,
  inQuietHours,
  robustSpread,
  type AlertRuleInput,
  type RuleTestWindow,
  type TestAlertRuleAnswer,
} from '@yuqing/core';
import type { EngineScope, PostsEngine } from '../engine/types.js';
import { dueAtOrBefore } from '../store/alert-rules.repo.js';
import { alertMeasureOf, type Measured } from './conditions/measured.js';
import { measureRule } from './measure-rule.js';
import type { TimeRange } from './window-query.js';

/**
 * The value a window had to reach to fire, in the units of its `value`: the volume or share
 * threshold; for a spike the count whose robust score reaches `min_score` against the window's
 * own baseline (and at least `min_count`); none for notable posts and new terms (any one fires).
 */
function thresholdOf(rule: AlertRuleInput, measured: Measured): number | null {
  const condition = rule.condition;
  switch (condition.kind) {
    case 'volume':
    case 'negative_share':
      return condition.threshold;
    case 'spike': {
      const { median, mad } = measured.baseline!;
      return Math.max(
        condition.min_count,
        median + condition.min_score * robustSpread(median, mad),
      );
    }
    case 'notable_post':
    case 'new_term':
      return null;
  }
}

/**
 * When a rule would have fired over the past `days`: its windows one check interval apart, or a
 * window apart when the window is longer, and at least an hour apart over a month (so a test
 * costs at most ALERT_TEST_MAX_WINDOWS checks), with quiet hours and the cooldown applied as the
 * checker applies them. Answers every checked window (its value against the threshold and
 * baseline, and what the checker would have done) for the chart, and the fired ones in full.
 */
export async function backtestRule(
  engine: PostsEngine,
  scope: EngineScope,
  rule: AlertRuleInput,
  now: number,
  days: number,
): Promise<TestAlertRuleAnswer> {
  const stepMinutes = Math.max(
    rule.interval_minutes,
    rule.condition.window_minutes,
    Math.ceil((days * 1440) / ALERT_TEST_MAX_WINDOWS / 60) * 60,
  );
  const step = stepMinutes * 60_000;
  const last = dueAtOrBefore(now, rule.interval_minutes);
  const ranges: TimeRange[] = [];
  for (let end = last; end > last - days * DAY_MS; end -= step)
    ranges.unshift({ start: end - rule.condition.window_minutes * 60_000, end });
  const measured = await measureRule(engine, scope, rule, ranges);

  const gap = Math.max(rule.cooldown_minutes, rule.interval_minutes) * 60_000;
  let lastFired = -Infinity;
  let alerts = 0;
  const firings = [];
  const windows: RuleTestWindow[] = [];
  for (const window of measured) {
    let outcome: RuleTestWindow['outcome'] = 'calm';
    if (window.fired) {
      const ongoing = window.window_end - lastFired <= gap;
      if (!ongoing && inQuietHours(window.window_end, rule.quiet_hours, scope.timeZone)) {
        outcome = 'quiet';
      } else {
        outcome = ongoing ? 'updated' : 'raised';
        if (!ongoing) alerts += 1;
        lastFired = window.window_end;
        firings.push(alertMeasureOf(window));
      }
    }
    windows.push({
      window_end: window.window_end,
      value: window.value,
      count: window.count,
      threshold: thresholdOf(rule, window),
      baseline: window.baseline?.median ?? null,
      outcome,
    });
  }
  return { checked: ranges.length, step_minutes: stepMinutes, windows, firings, alerts };
}
