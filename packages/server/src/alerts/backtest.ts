import { DAY_MS, inQuietHours, type AlertRuleInput, type TestAlertRuleAnswer } from '@yuqing/core';
import type { EngineScope, PostsEngine } from '../engine/types.js';
import { dueAtOrBefore } from '../store/alert-rules.repo.js';
import { alertMeasureOf } from './conditions/measured.js';
import { measureRule } from './measure-rule.js';
import type { TimeRange } from './window-query.js';

/** Windows a test checks at most: a month of hourly checks. */
const MAX_WINDOWS = 720;

/**
 * When a rule would have fired over the past `days`: its windows one check interval apart, or a
 * window apart when the window is longer, and at least an hour apart over a month (so a test
 * costs at most MAX_WINDOWS checks), with quiet hours and the cooldown applied as the checker
 * applies them.
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
    Math.ceil((days * 1440) / MAX_WINDOWS / 60) * 60,
  );
  const step = stepMinutes * 60_000;
  const last = dueAtOrBefore(now, rule.interval_minutes);
  const windows: TimeRange[] = [];
  for (let end = last; end > last - days * DAY_MS; end -= step)
    windows.unshift({ start: end - rule.condition.window_minutes * 60_000, end });
  const measured = await measureRule(engine, scope, rule, windows);

  const gap = Math.max(rule.cooldown_minutes, rule.interval_minutes) * 60_000;
  let lastFired = -Infinity;
  let alerts = 0;
  const firings = [];
  for (const window of measured) {
    if (!window.fired) continue;
    const measure = alertMeasureOf(window);
    const ongoing = measure.window_end - lastFired <= gap;
    if (!ongoing && inQuietHours(measure.window_end, rule.quiet_hours, scope.timeZone)) continue;
    if (!ongoing) alerts += 1;
    lastFired = measure.window_end;
    firings.push(measure);
  }
  return { checked: windows.length, firings, alerts };
}
