import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { alertRuleInput } from '@yuqing/core';
import type { DuckDbEngine } from '../engine/duckdb/engine.js';
import type { Store } from '../store/index.js';
import { openTestEngine } from '../../test/engines.js';
import { buildProject } from '../../test/factories.js';
import { openTestStore, testStoreKinds } from '../../test/stores.js';
import { AlertChecker } from './checker.js';
import { notifyNobody } from './notify.js';
import { JobRunner } from '../jobs/job-runner.js';
import { alertCheckJobKind } from './alert-check-job.js';

const NOW = Date.UTC(2026, 10, 1, 6, 7, 12, 345);
const RULES = 12;

describe.each(testStoreKinds())('alert checks of runners sharing a %s store', (kind) => {
  let store: Store;
  let engine: DuckDbEngine;
  let projectId: string;

  beforeAll(async () => {
    store = await openTestStore(kind);
    engine = await openTestEngine();
    projectId = (await buildProject(store)).id;
    for (let i = 0; i < RULES; i++) {
      const rule = alertRuleInput.parse({
        name: `规则 ${i}`,
        interval_minutes: 15,
        condition: { kind: 'volume', threshold: 1 },
      });
      await store.alertRules.add(projectId, rule, NOW);
    }
  });
  const runners: JobRunner[] = [];
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  });
  afterAll(async () => {
    await engine.close();
    await store.close();
  });

  /** A server's runner of alert checks at `now`; answers the ids of the rules it checked. */
  async function checkDue(
    now: number,
    checker = new AlertChecker(store, engine, notifyNobody),
    giveWay?: () => Promise<void>,
  ): Promise<string[]> {
    const checked: string[] = [];
    const check = checker.check.bind(checker);
    checker.check = async (projectId, rule, at) => {
      checked.push(rule._id);
      return check(projectId, rule, at);
    };
    const runner = new JobRunner(store, { clock: () => now, pollMs: 3_600_000 }).register(
      alertCheckJobKind({ store, checker, giveWay, logError: () => {} }),
    );
    runners.push(runner);
    await runner.start();
    await runner.idle();
    return checked;
  }

  it('check each due rule once between them, and again only when next due', async () => {
    const [first, second] = await Promise.all([checkDue(NOW), checkDue(NOW)]);
    const checked = [...first, ...second];
    expect(checked).toHaveLength(RULES);
    expect(new Set(checked).size).toBe(RULES);
    if (kind === 'postgres') expect(Math.min(first.length, second.length)).toBeGreaterThan(0);

    expect(await checkDue(NOW + 60_000)).toEqual([]);
    // 06:07:12 was checked as the 06:00 check; the next is due at 06:15.
    expect(await checkDue(NOW + 8 * 60_000)).toHaveLength(RULES);
    const rules = await store.alertRules.list(projectId);
    expect(rules.every((rule) => rule.last_checked_at === NOW + 8 * 60_000)).toBe(true);
  });

  it('leave a rule claimed by a server that stopped until its lease runs out', async () => {
    const at = NOW + 30 * 60_000;
    const claimed = await store.jobs.claim('alert-check', 3, new Date(at), {
      owner: 'stopped-server',
      until: new Date(at + 5 * 60_000),
    });
    expect(claimed).toBeDefined();
    const others = await checkDue(at);
    expect(others).toHaveLength(RULES - 1);
    expect(others).not.toContain(claimed!.id);
    expect(await checkDue(at + 6 * 60_000)).toEqual([claimed!.id]);
  });

  it('gives way before claiming each rule', async () => {
    const at = NOW + 60 * 60_000;
    const order: string[] = [];
    const checker = new AlertChecker(store, engine, notifyNobody);
    const check = checker.check.bind(checker);
    checker.check = async (...args) => {
      order.push('check');
      return check(...args);
    };
    const giveWay = async () => void order.push('give way');
    expect(await checkDue(at, checker, giveWay)).toHaveLength(RULES);
    expect(order).toEqual([
      ...Array.from({ length: RULES }, () => ['give way', 'check']).flat(),
      'give way',
    ]);
  });
});
