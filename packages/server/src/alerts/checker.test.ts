import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertRuleInput, type Alert, type AlertRule } from '@yuqing/core';
import type { DuckDbEngine } from '../engine/duckdb/engine.js';
import { bursts, DAY, HOUR } from '../seed/demo/calendar.js';
import { generateDemoPosts } from '../seed/demo/generate.js';
import type { Store } from '../store/index.js';
import { importLines, openTestEngine } from '../../test/engines.js';
import { buildProject, buildUser } from '../../test/factories.js';
import { openTestStore } from '../../test/stores.js';
import { backtestRule } from './backtest.js';
import { AlertChecker, type CheckResult } from './checker.js';
import { measureRule } from './measure-rule.js';

const NOW = Date.UTC(2026, 10, 1);
const DAYS = 60;
const recall = bursts({ start: NOW - DAYS * DAY, end: NOW }).find((b) => b.kind === 'recall')!;
/** The recall's extra volume (8× at its height, decaying over 40 h) stays above the ordinary. */
const RECALL_HOURS = 40 * Math.log(8);
/** Checks run from here on, once the baseline has 14 days behind it. */
const FIRST_CHECK = NOW - (DAYS - 15) * DAY;

describe('the alert checker on the demo posts', () => {
  let store: Store;
  let engine: DuckDbEngine;
  let projectId: string;
  let sent: Alert[];
  let checker: AlertChecker;
  let viewerId: string;
  let rules = 0;

  beforeAll(async () => {
    store = await openTestStore('pglite');
    engine = await openTestEngine();
    const project = await buildProject(store);
    projectId = project.id;
    viewerId = (await buildUser(store, { project, role: 'viewer' })).id;
    const lines = [
      ...generateDemoPosts({ count: 40_000, seed: 7, now: NOW, days: DAYS, labelled: true }),
    ].map((post) => JSON.stringify(post));
    await importLines(engine, { projectId, timeZone: 'Asia/Shanghai' }, lines, 2);
    sent = [];
    checker = new AlertChecker(store, engine, async (alert) => {
      sent.push(alert);
    });
  }, 120_000);
  afterAll(async () => {
    await engine.close();
    await store.close();
  });

  async function addRule(fields: Record<string, unknown>): Promise<AlertRule> {
    rules += 1;
    const input = alertRuleInput.parse({
      name: `负面突增 ${rules}`,
      interval_minutes: 60,
      condition: { kind: 'spike', measure: 'negative', window_minutes: 60 },
      ...fields,
    });
    return store.alertRules.add(projectId, input, FIRST_CHECK);
  }

  /** Checks the rule every interval from FIRST_CHECK to NOW, as the scheduler would. */
  async function checkThrough(rule: AlertRule) {
    const results: CheckResult[] = [];
    for (let at = FIRST_CHECK; at <= NOW; at += rule.interval_minutes * 60_000) {
      const result = await checker.check(projectId, rule, at);
      if (result) results.push(result);
    }
    return results;
  }

  it('raises one alert for the recall, at its start, and none on ordinary days', async () => {
    sent = [];
    // Nights fall below min_count: a day's cooldown keeps the recall's days one incident.
    const rule = await addRule({ cooldown_minutes: 1440 });
    const results = await checkThrough(rule);
    const raised = results.filter((result) => result.outcome === 'raised');
    const inIncident = (result: CheckResult) =>
      result.measure.window_end > recall.start &&
      result.measure.window_start < recall.start + RECALL_HOURS * HOUR;
    const precision = raised.filter(inIncident).length / raised.length;
    const first = raised.find(inIncident);
    const minutes = first && (first.measure.window_end - recall.start) / 60_000;
    process.stdout.write(
      `negative spike on demo posts: ${raised.length} alerts raised, precision ${precision.toFixed(2)}, ` +
        `${minutes} minutes from the recall's first post to the alert's window end, ` +
        `${results.filter((r) => r.outcome === 'updated').length} updates\n`,
    );
    expect(first).toBeDefined();
    expect(minutes).toBeLessThanOrEqual(120);
    expect(precision).toBe(1);

    // One incident, one alert, updated while it fired, with what drives it.
    expect(raised.filter(inIncident)).toHaveLength(1);
    const { list } = await store.alerts.list(projectId, viewerId, {
      ruleId: rule._id,
      page: 0,
      size: 10,
    });
    expect(list).toHaveLength(1);
    const [alert] = list;
    expect(alert!.updates).toBeGreaterThan(0);
    expect(alert!.measure.baseline!.score).toBeGreaterThanOrEqual(3.5);
    expect(alert!.top_posts.length).toBeGreaterThan(0);
    expect(alert!.top_posts.map((post) => post.engagement_num)).toEqual(
      [...alert!.top_posts.map((post) => post.engagement_num)].sort((a, b) => b - a),
    );
    expect(alert!.platforms.length).toBeGreaterThan(0);
    expect(alert!.top_words.length).toBeGreaterThan(0);
    expect(alert!.first_post!.created).toBeGreaterThanOrEqual(alert!.started_at);
    expect(alert!.first_post!.created).toBeLessThanOrEqual(alert!.top_posts[0]!.created);
    expect(alert!.link).toContain('#/?query=');
    // Delivery saw the raise and each update.
    expect(sent.filter((s) => s._id === alert!._id)).toHaveLength(alert!.updates + 1);
  }, 120_000);

  it('raises nothing inside quiet hours, and the incident once they end', async () => {
    sent = [];
    const rule = await addRule({
      quiet_hours: { start: '08:00', end: '13:00' },
      cooldown_minutes: 1440,
    });
    const results = await checkThrough(rule);
    const quietFirings = results.filter((result) => result.outcome === 'quiet');
    expect(quietFirings.length).toBeGreaterThan(0);
    const raised = results.filter((result) => result.outcome === 'raised');
    const recallAlert = raised.find((r) => r.measure.window_end > recall.start);
    // The recall starts at 10:00 China time; quiet hours end at 13:00 (05:00 UTC).
    expect(recallAlert!.measure.window_end).toBe(recall.start + 3 * HOUR);
    expect(sent.every((alert) => alert.raised_at >= recallAlert!.measure.window_end)).toBe(true);
  }, 120_000);
  it('measures each condition kind over the recall against an ordinary hour', async () => {
    const scope = { projectId, timeZone: 'Asia/Shanghai' };
    const firstHour = { start: recall.start, end: recall.start + HOUR };
    const weekBefore = { start: recall.start - 7 * DAY, end: recall.start - 7 * DAY + HOUR };
    const measure = async (condition: Record<string, unknown>) =>
      measureRule(engine, scope, alertRuleInput.parse({ name: 'x', condition }), [
        weekBefore,
        firstHour,
      ]);
    const count = (range: { start: number; end: number }) =>
      engine.count(scope, { start: range.start, end: range.end });

    const volume = await measure({ kind: 'volume', threshold: 10 });
    expect(volume.map((m) => m.value)).toEqual([await count(weekBefore), await count(firstHour)]);
    const share = await measure({ kind: 'negative_share', threshold: 0.2, min_count: 5 });
    expect(share[1]!.value).toBeGreaterThan(share[0]!.value);
    expect(share.map((m) => m.fired)).toEqual([false, true]);
    const levels = await measure({ kind: 'notable_post', media_levels: ['A'] });
    const followers = await measure({ kind: 'notable_post', min_followers: 1 });
    expect(levels[1]!.value).toBeLessThanOrEqual(followers[1]!.count);
    expect(followers[1]!.count).toBe(await count(firstHour));
    const words = await measure({ kind: 'new_term', min_count: 3 });
    process.stdout.write(`new words of the recall's first hour: ${words[1]!.terms.join(' ')}\n`);
    expect(words[1]!.terms).toContain('召回');
    expect(words[0]!.terms).not.toContain('召回');
  });

  it('tests a rule over the past days as the checker would have raised it', async () => {
    const rule = alertRuleInput.parse({
      name: '负面突增',
      interval_minutes: 60,
      cooldown_minutes: 1440,
      condition: { kind: 'spike', measure: 'negative', window_minutes: 60 },
    });
    const scope = { projectId, timeZone: 'Asia/Shanghai' };
    const answer = await backtestRule(engine, scope, rule, NOW, 30);
    expect(answer.checked).toBe(720);
    expect(answer.alerts).toBe(1);
    expect(answer.firings[0]!.window_end).toBe(recall.start + HOUR);
  }, 60_000);
});
