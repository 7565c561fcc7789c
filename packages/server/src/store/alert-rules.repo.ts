import { sql, type Kysely, type Selectable } from 'kysely';
import {
  ALERT_RULE_RECENT_DAYS,
  DAY_MS,
  type AlertRule,
  type AlertRuleInput,
  type AlertRuleName,
  type ListedAlertRule,
} from '@yuqing/core';
import type { JobsRepo } from './jobs.repo.js';
import type { AlertRulesTable, Database, StoredRuleDefinition } from './schema.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A rule as the checker takes it: the rule and the project it belongs to. */
export interface ClaimedRule {
  projectId: string;
  rule: AlertRule;
}

const definitionOf = (input: AlertRuleInput): StoredRuleDefinition => ({
  query: input.query,
  page: input.page,
  condition: input.condition,
  quiet_hours: input.quiet_hours,
  cooldown_minutes: input.cooldown_minutes,
});

function ruleOf(row: Selectable<AlertRulesTable>): AlertRule {
  return {
    _id: row.id,
    name: row.name,
    level: row.level,
    enabled: row.enabled,
    interval_minutes: row.interval_minutes,
    ...row.definition,
    created_at: row.created_at.getTime(),
    updated_at: row.updated_at.getTime(),
    last_checked_at: row.last_checked_at?.getTime() ?? null,
  };
}

/**
 * The first check of a rule: the grid point of its interval at or before `now` (UTC minutes;
 * intervals divide a day), so checks fall on the same clock times every day.
 */
export const dueAtOrBefore = (now: number, intervalMinutes: number) =>
  Math.floor(now / (intervalMinutes * 60_000)) * intervalMinutes * 60_000;

/** The check after one made at `now`: the next grid point of the rule's interval. */
export const nextCheckAfter = (now: number, intervalMinutes: number) =>
  dueAtOrBefore(now, intervalMinutes) + intervalMinutes * 60_000;

/** A project's alert rules; their checks are recurring jobs of the job runner. */
export class AlertRulesRepo {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: JobsRepo,
  ) {}

  /**
   * The project's rules, oldest first, each with its newest alert's time and its alerts of the
   * past ALERT_RULE_RECENT_DAYS days before `now`: one statement, the alerts grouped by rule over
   * the project's index.
   */
  async list(projectId: string, now = Date.now()): Promise<ListedAlertRule[]> {
    const since = new Date(now - ALERT_RULE_RECENT_DAYS * DAY_MS);
    const rows = await this.db
      .selectFrom('alert_rules')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('alerts')
            .select((a) => [
              'rule_id',
              a.fn.max('raised_at').as('last_alert_at'),
              sql<string>`count(*) filter (where raised_at >= ${since})`.as('recent_alerts'),
            ])
            .where('project_id', '=', projectId)
            .groupBy('rule_id')
            .as('activity'),
        (join) => join.onRef('activity.rule_id', '=', 'alert_rules.id'),
      )
      .selectAll('alert_rules')
      .select(['activity.last_alert_at', 'activity.recent_alerts'])
      .where('alert_rules.project_id', '=', projectId)
      .orderBy('alert_rules.created_at')
      .orderBy('alert_rules.id')
      .execute();
    return rows.map((row) => ({
      ...ruleOf(row),
      last_alert_at: row.last_alert_at ? new Date(row.last_alert_at).getTime() : null,
      recent_alerts: Number(row.recent_alerts ?? 0),
    }));
  }

  /** Ids and names of the project's rules, oldest first: what any member may know of them. */
  async names(projectId: string): Promise<AlertRuleName[]> {
    const rows = await this.db
      .selectFrom('alert_rules')
      .select(['id', 'name'])
      .where('project_id', '=', projectId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ _id: row.id, name: row.name }));
  }

  async count(projectId: string): Promise<number> {
    const row = await this.db
      .selectFrom('alert_rules')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async get(projectId: string, id: string): Promise<AlertRule | undefined> {
    if (!UUID.test(id)) return undefined;
    const row = await this.db
      .selectFrom('alert_rules')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && ruleOf(row);
  }

  /** Adds the rule and its checks (a recurring job of the same id), the first due at once. */
  async add(projectId: string, input: AlertRuleInput, now = Date.now()): Promise<AlertRule> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('alert_rules')
        .values({
          project_id: projectId,
          name: input.name,
          level: input.level,
          enabled: input.enabled,
          interval_minutes: input.interval_minutes,
          definition: JSON.stringify(definitionOf(input)),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.jobs.enqueue(
        {
          id: row.id,
          kind: 'alert-check',
          projectId,
          payload: {},
          runAt: new Date(dueAtOrBefore(now, input.interval_minutes)),
        },
        trx,
      );
      return ruleOf(row);
    });
  }

  /** The rule as edited (checked again at once), or undefined when the project has no such rule. */
  async update(
    projectId: string,
    id: string,
    input: AlertRuleInput,
    now = Date.now(),
  ): Promise<AlertRule | undefined> {
    if (!UUID.test(id)) return undefined;
    const row = await this.db
      .updateTable('alert_rules')
      .set({
        name: input.name,
        level: input.level,
        enabled: input.enabled,
        interval_minutes: input.interval_minutes,
        definition: JSON.stringify(definitionOf(input)),
        updated_at: new Date(now),
      })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (row) await this.dueBy(id, new Date(dueAtOrBefore(now, input.interval_minutes)));
    return row && ruleOf(row);
  }

  async setEnabled(
    projectId: string,
    id: string,
    enabled: boolean,
    now = Date.now(),
  ): Promise<AlertRule | undefined> {
    if (!UUID.test(id)) return undefined;
    const row = await this.db
      .updateTable('alert_rules')
      .set({ enabled, updated_at: new Date(now) })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (row) await this.dueBy(id, new Date(dueAtOrBefore(now, 5)), { later: true });
    return row && ruleOf(row);
  }

  async remove(projectId: string, id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom('alert_rules')
        .where('project_id', '=', projectId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!result.numDeletedRows) return false;
      await this.jobs.remove(id, trx);
      return true;
    });
  }

  /** The rule of a due check (its job has the rule's id); undefined once it was removed. */
  async forCheck(id: string): Promise<ClaimedRule | undefined> {
    const row = await this.db
      .selectFrom('alert_rules')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { projectId: row.project_id, rule: ruleOf(row) };
  }

  async recordCheck(id: string, now: number): Promise<void> {
    await this.db
      .updateTable('alert_rules')
      .set({ last_checked_at: new Date(now) })
      .where('id', '=', id)
      .execute();
  }

  /**
   * The rule's next check due at `at` (`later`: at `at` or when it was due, whichever is later);
   * one that ended failed is queued again, one being checked keeps its run.
   */
  private async dueBy(id: string, at: Date, { later = false } = {}): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({
        next_run_at: later ? sql<Date>`greatest(next_run_at, ${at})` : at,
        status: sql`case when status = 'running' then status else 'queued' end`,
      })
      .where('id', '=', id)
      .execute();
  }
}
