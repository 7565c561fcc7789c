import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertRuleInput, type AlertRule, type AlertRuleInput } from '@yuqing/core';
import { buildProject } from '../../test/factories.js';
import { JobsRepo } from './jobs.repo.js';
import { AlertRulesRepo } from './alert-rules.repo.js';
import { AlertsRepo, type NewAlert } from './alerts.repo.js';
import { openDatabase } from './database.js';
import type { Store } from './index.js';
import { up as migrateConditionKind } from './migrations/014-alert-condition-kind.js';
import type { Database } from './schema.js';
import { TenancyRepo } from './tenancy.repo.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 1);
const content = {
  measure: {
    window_start: 0,
    window_end: HOUR,
    value: 12,
    threshold: 10,
    count: 12,
    baseline: null,
    terms: [],
  },
  top_posts: [],
  top_words: [],
  platforms: [],
  first_post: null,
  link: '/yuqing/c/p/latest/#/',
};

const volume = alertRuleInput.parse({
  name: '声量超阈值',
  condition: { kind: 'volume', threshold: 10 },
});
const share = alertRuleInput.parse({
  name: '负面占比',
  condition: { kind: 'negative_share', threshold: 0.3 },
});

describe('alerts and rules in the store', () => {
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  let rules: AlertRulesRepo;
  let alerts: AlertsRepo;
  let projectId: string;

  beforeAll(async () => {
    ({ db, close } = await openDatabase({ dataDir: 'memory://' }));
    rules = new AlertRulesRepo(db, new JobsRepo(db));
    alerts = new AlertsRepo(db);
    projectId = (await buildProject({ tenancy: new TenancyRepo(db) } as unknown as Store)).id;
  }, 60_000);
  afterAll(() => close());

  const addRule = (input: AlertRuleInput, project = projectId) => rules.add(project, input, NOW);
  const raise = (rule: AlertRule, at: number, project = projectId): Promise<unknown> => {
    const alert: NewAlert = {
      projectId: project,
      ruleId: rule._id,
      ruleName: rule.name,
      level: rule.level,
      at,
      startedAt: at - HOUR,
      firedAt: at,
      content,
    };
    return alerts.raise(alert);
  };

  it('raises an alert with its rule’s condition kind at that time', async () => {
    const rule = await addRule(volume);
    const first = await alerts.raise({
      projectId,
      ruleId: rule._id,
      ruleName: rule.name,
      level: rule.level,
      at: NOW,
      startedAt: NOW - HOUR,
      firedAt: NOW,
      content,
    });
    expect(first.condition_kind).toBe('volume');
    await rules.update(projectId, rule._id, { ...share, name: rule.name }, NOW);
    await raise(rule, NOW + DAY);
    const { list } = await alerts.list(projectId, '00000000-0000-4000-8000-000000000000', {
      ruleId: rule._id,
      page: 0,
      size: 10,
    });
    // The older alert keeps the kind its numbers were measured by.
    expect(list.map((alert) => alert.condition_kind)).toEqual(['negative_share', 'volume']);
  });

  it('lists rules with their newest alert’s time and their alerts of the past 7 days', async () => {
    const project = (await buildProject({ tenancy: new TenancyRepo(db) } as unknown as Store)).id;
    const busy = await addRule(volume, project);
    const calm = await addRule(share, project);
    for (const at of [NOW - 30 * DAY, NOW - 8 * DAY, NOW - 6 * DAY, NOW - HOUR])
      await raise(busy, at, project);
    // Both rules are added within one instant of the clock: their order is the ids'.
    const byName = <T extends { name: string }>(list: T[]) =>
      [...list].sort((a, b) => (a.name < b.name ? -1 : 1));
    const listed = byName(await rules.list(project, NOW));
    expect(listed.map((rule) => [rule.name, rule.last_alert_at, rule.recent_alerts])).toEqual([
      ['声量超阈值', NOW - HOUR, 2],
      ['负面占比', null, 0],
    ]);
    expect(listed[1]).toEqual({ ...calm, last_alert_at: null, recent_alerts: 0 });
    const later = await rules.list(project, NOW + 6 * DAY);
    expect(later.find((rule) => rule._id === busy._id)!.recent_alerts).toBe(1);
    expect(byName(await rules.names(project))).toEqual([
      { _id: busy._id, name: '声量超阈值' },
      { _id: calm._id, name: '负面占比' },
    ]);
  });

  it('migration 014 gives the alerts raised before it their rule’s kind, and keeps to the kinds', async () => {
    const project = (await buildProject({ tenancy: new TenancyRepo(db) } as unknown as Store)).id;
    const volumeRule = await addRule(volume, project);
    const shareRule = await addRule(share, project);
    // The alerts table as migration 013 left it, with an alert of each rule.
    await sql`alter table alerts drop column condition_kind`.execute(db);
    for (const rule of [volumeRule, shareRule])
      await sql`
        insert into alerts (project_id, rule_id, rule_name, level, raised_at, updated_at,
          started_at, last_fired_at, content)
        values (${project}, ${rule._id}, ${rule.name}, 'warning', now(), now(), now(), now(),
          ${JSON.stringify(content)})`.execute(db);

    await migrateConditionKind(db as Kysely<unknown>);
    const kinds = await db
      .selectFrom('alerts')
      .select(['rule_id', 'condition_kind'])
      .where('project_id', '=', project)
      .execute();
    expect(new Map(kinds.map((row) => [row.rule_id, row.condition_kind]))).toEqual(
      new Map([
        [volumeRule._id, 'volume'],
        [shareRule._id, 'negative_share'],
      ]),
    );
    await expect(
      db
        .updateTable('alerts')
        .set({ condition_kind: 'share' as never })
        .where('rule_id', '=', volumeRule._id)
        .execute(),
    ).rejects.toThrow(/alerts_condition_kind/);
    const raised = (await raise(volumeRule, NOW)) as { condition_kind: string };
    expect(raised.condition_kind).toBe('volume');
  });
});
