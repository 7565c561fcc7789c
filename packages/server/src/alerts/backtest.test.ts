import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_TEST_MAX_WINDOWS, alertRuleInput, type RuleTestWindow } from '@yuqing/core';
import type { DuckDbEngine } from '../engine/duckdb/engine.js';
import { importLines, openTestEngine } from '../../test/engines.js';
import { backtestRule } from './backtest.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 08:00 in Shanghai. */
const NOW = Date.UTC(2026, 10, 1);
const scope = { projectId: 'p', timeZone: 'Asia/Shanghai' };
/** Two hours of 30 posts each, 20 of them 负面: 10:00–12:00 in Shanghai five days ago. */
const BURST = NOW - 5 * DAY + 2 * HOUR;
/** An hour of 30 posts at night: 01:00–02:00 in Shanghai ten days ago. */
const NIGHT = NOW - 10 * DAY - 7 * HOUR;

function* posts() {
  let id = 0;
  const post = (created: number, tendency: string) =>
    JSON.stringify({ _id: `p${(id += 1)}`, created, title: `第 ${id} 条`, tendency });
  // Every hour of the past 45 days (a spike's baseline reaches 14 days behind the test's 30):
  // two neutral posts.
  for (let hour = NOW - 45 * DAY; hour < NOW; hour += HOUR) {
    yield post(hour + 10 * 60_000, '中性');
    yield post(hour + 40 * 60_000, '中性');
  }
  for (const start of [BURST, BURST + HOUR, NIGHT])
    for (let i = 0; i < 30; i += 1) yield post(start + i * 60_000, i < 20 ? '负面' : '中性');
}

const rule = (fields: Record<string, unknown>) =>
  alertRuleInput.parse({ name: '测试', interval_minutes: 60, cooldown_minutes: 60, ...fields });
const at = (windows: RuleTestWindow[], end: number) =>
  windows.find((window) => window.window_end === end)!;
const outcomes = (windows: RuleTestWindow[]) =>
  windows.filter((window) => window.outcome !== 'calm').map((w) => [w.window_end, w.outcome]);

describe('testing a rule against the past 30 days', () => {
  let engine: DuckDbEngine;

  beforeAll(async () => {
    engine = await openTestEngine();
    await importLines(engine, scope, posts());
  }, 60_000);
  afterAll(() => engine.close());

  it('answers every checked window’s count against the threshold, and which fired', async () => {
    const volume = rule({ condition: { kind: 'volume', threshold: 10 } });
    const answer = await backtestRule(engine, scope, volume, NOW, 30);
    expect(answer).toMatchObject({ checked: 720, step_minutes: 60, alerts: 2 });
    expect(answer.windows).toHaveLength(720);
    expect(answer.windows[0]!.window_end).toBe(NOW - 719 * HOUR);
    expect(answer.windows.at(-1)!.window_end).toBe(NOW);
    expect(at(answer.windows, NOW - DAY)).toEqual({
      window_end: NOW - DAY,
      value: 2,
      count: 2,
      threshold: 10,
      baseline: null,
      outcome: 'calm',
    });
    // The burst's second hour fired within the cooldown: the same incident, updated.
    expect(outcomes(answer.windows)).toEqual([
      [NIGHT + HOUR, 'raised'],
      [BURST + HOUR, 'raised'],
      [BURST + 2 * HOUR, 'updated'],
    ]);
    expect(at(answer.windows, BURST + HOUR)).toMatchObject({ value: 32, count: 32 });
    expect(answer.firings.map((firing) => firing.window_end)).toEqual([
      NIGHT + HOUR,
      BURST + HOUR,
      BURST + 2 * HOUR,
    ]);
  });

  it('marks a window that fired in quiet hours as quiet, not as an alert', async () => {
    const quiet = rule({
      condition: { kind: 'volume', threshold: 10 },
      quiet_hours: { start: '23:00', end: '07:00' },
    });
    const answer = await backtestRule(engine, scope, quiet, NOW, 30);
    expect(outcomes(answer.windows)).toEqual([
      [NIGHT + HOUR, 'quiet'],
      [BURST + HOUR, 'raised'],
      [BURST + 2 * HOUR, 'updated'],
    ]);
    expect(answer.alerts).toBe(1);
    expect(answer.firings).toHaveLength(2);
  });

  it('gives a spike its baseline and the count it fires at, window by window', async () => {
    const spike = rule({
      condition: { kind: 'spike', measure: 'negative', min_count: 5, baseline_days: 7 },
    });
    const answer = await backtestRule(engine, scope, spike, NOW, 30);
    // Negative posts: none on ordinary hours, so the median is 0 and the spread 1: it fires from
    // max(5, 0 + 3.5 × 1) = 5 posts.
    expect(at(answer.windows, NOW - DAY)).toMatchObject({ value: 0, baseline: 0, threshold: 5 });
    expect(at(answer.windows, BURST + HOUR)).toMatchObject({ value: 20, outcome: 'raised' });
    // The same hour a day later has the burst in its baseline of 7 days, but not in its median.
    expect(at(answer.windows, BURST + HOUR + DAY)).toMatchObject({ baseline: 0, threshold: 5 });
    for (const window of answer.windows)
      expect(window.outcome !== 'calm', new Date(window.window_end).toISOString()).toBe(
        window.value >= window.threshold!,
      );
  });

  it('gives a negative share as a share against its threshold', async () => {
    const share = rule({ condition: { kind: 'negative_share', threshold: 0.5, min_count: 20 } });
    const answer = await backtestRule(engine, scope, share, NOW, 30);
    expect(at(answer.windows, BURST + HOUR)).toMatchObject({
      value: 20 / 32,
      count: 32,
      threshold: 0.5,
      outcome: 'raised',
    });
    expect(at(answer.windows, NOW - DAY)).toMatchObject({ value: 0, threshold: 0.5 });
  });

  it('keeps a rule checked every 5 minutes to one window an hour, and a day-long window to days', async () => {
    const often = rule({
      interval_minutes: 5,
      condition: { kind: 'volume', window_minutes: 5, threshold: 10 },
    });
    const hourly = await backtestRule(engine, scope, often, NOW, 30);
    expect(hourly).toMatchObject({ checked: ALERT_TEST_MAX_WINDOWS, step_minutes: 60 });
    expect(hourly.windows).toHaveLength(ALERT_TEST_MAX_WINDOWS);
    const daily = rule({
      interval_minutes: 5,
      condition: { kind: 'volume', window_minutes: 1440, threshold: 100 },
    });
    const days = await backtestRule(engine, scope, daily, NOW, 30);
    expect(days).toMatchObject({ checked: 30, step_minutes: 1440 });
    expect(at(days.windows, NOW).value).toBe(48);
    expect(days.windows.map((window) => window.threshold)).toEqual(Array(30).fill(100));
  });

  it('draws notable posts and new terms without a threshold line', async () => {
    const notable = rule({ condition: { kind: 'notable_post', media_levels: ['A'] } });
    const answer = await backtestRule(engine, scope, notable, NOW, 2);
    expect(answer.windows).toHaveLength(48);
    expect(answer.windows.every((w) => w.threshold === null && w.outcome === 'calm')).toBe(true);
  });
});
