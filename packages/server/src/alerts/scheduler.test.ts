import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertRuleInput } from '@yuqing/core';
import type { DuckDbEngine } from '../engine/duckdb/engine.js';
import type { Store } from '../store/index.js';
import { openTestEngine } from '../../test/engines.js';
import { buildProject } from '../../test/factories.js';
import { openTestStore, testStoreKinds } from '../../test/stores.js';
import { AlertChecker } from './checker.js';
import { notifyNobody } from './notify.js';
import { AlertScheduler } from './scheduler.js';

const NOW = Date.UTC(2026, 10, 1, 6, 7, 12, 345);
const RULES = 12;

describe.each(testStoreKinds())('alert schedulers sharing a %s store', (kind) => {
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
  afterAll(async () => {
    await engine.close();
    await store.close();
  });

  const scheduler = (now: number) =>
    new AlertScheduler(store, new AlertChecker(store, engine, notifyNobody), {
      clock: () => now,
    });

  it('check each due rule once between them, and again only when next due', async () => {
    const [first, second] = await Promise.all([scheduler(NOW).runDue(), scheduler(NOW).runDue()]);
    const checked = [...first, ...second];
    expect(checked).toHaveLength(RULES);
    expect(new Set(checked).size).toBe(RULES);
    if (kind === 'postgres') expect(Math.min(first.length, second.length)).toBeGreaterThan(0);

    expect(await scheduler(NOW + 60_000).runDue()).toEqual([]);
    // 06:07:12 was checked as the 06:00 check; the next is due at 06:15.
    expect(await scheduler(NOW + 8 * 60_000).runDue()).toHaveLength(RULES);
    const rules = await store.alertRules.list(projectId);
    expect(rules.every((rule) => rule.last_checked_at === NOW + 8 * 60_000)).toBe(true);
  });

  it('leave a rule claimed by a server that stopped until its lease runs out', async () => {
    const at = NOW + 30 * 60_000;
    const claimed = await store.alertRules.claimDue('stopped-server', at, 5 * 60_000);
    expect(claimed).toBeDefined();
    const others = await scheduler(at).runDue();
    expect(others).toHaveLength(RULES - 1);
    expect(others).not.toContain(claimed!.rule._id);
    expect(await scheduler(at + 6 * 60_000).runDue()).toEqual([claimed!.rule._id]);
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
    const polite = new AlertScheduler(store, checker, {
      clock: () => at,
      giveWay: async () => {
        order.push('give way');
      },
    });
    expect(await polite.runDue()).toHaveLength(RULES);
    expect(order).toEqual([
      ...Array.from({ length: RULES }, () => ['give way', 'check']).flat(),
      'give way',
    ]);
  });
});
