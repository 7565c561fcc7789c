import { sql, type Kysely, type Selectable } from 'kysely';
import type { Alert, AlertLevel, AlertListAnswer, ConditionKind } from '@yuqing/core';
import type { AlertsTable, Database, StoredAlertContent } from './schema.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type AlertRow = Selectable<AlertsTable>;

export interface NewAlert {
  projectId: string;
  ruleId: string;
  ruleName: string;
  level: AlertLevel;
  at: number;
  startedAt: number;
  firedAt: number;
  content: StoredAlertContent;
}

export interface AlertFilter {
  ruleId?: string;
  level?: AlertLevel;
  unread?: boolean;
  page: number;
  size: number;
}

function alertOf(row: AlertRow & { read: boolean }): Alert {
  return {
    _id: row.id,
    rule_id: row.rule_id,
    rule_name: row.rule_name,
    condition_kind: row.condition_kind,
    level: row.level,
    raised_at: row.raised_at.getTime(),
    updated_at: row.updated_at.getTime(),
    updates: row.updates,
    started_at: row.started_at.getTime(),
    ...row.content,
    read: row.read,
  };
}

/** Alerts of a project (one per incident) and who has read them. */
export class AlertsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The rule's newest alert, whose incident may still be going on. */
  async latestOfRule(ruleId: string): Promise<AlertRow | undefined> {
    return this.db
      .selectFrom('alerts')
      .selectAll()
      .where('rule_id', '=', ruleId)
      .orderBy('last_fired_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async raise(alert: NewAlert): Promise<Alert> {
    const row = await this.db
      .insertInto('alerts')
      .values({
        project_id: alert.projectId,
        rule_id: alert.ruleId,
        rule_name: alert.ruleName,
        // The rule's kind as it stands when the alert is raised: what the numbers measure.
        condition_kind: sql<ConditionKind>`(
          select definition -> 'condition' ->> 'kind' from alert_rules where id = ${alert.ruleId})`,
        level: alert.level,
        raised_at: new Date(alert.at),
        updated_at: new Date(alert.at),
        started_at: new Date(alert.startedAt),
        last_fired_at: new Date(alert.firedAt),
        content: JSON.stringify(alert.content),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return alertOf({ ...row, read: false });
  }

  /** The incident fired again: its new numbers and posts, one more update. */
  async update(
    id: string,
    change: { at: number; firedAt: number; content: StoredAlertContent },
  ): Promise<Alert> {
    const row = await this.db
      .updateTable('alerts')
      .set({
        updated_at: new Date(change.at),
        last_fired_at: new Date(change.firedAt),
        updates: sql`updates + 1`,
        content: JSON.stringify(change.content),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return alertOf({ ...row, read: false });
  }

  /** Newest first, with the user's read state, and the user's unread count in the project. */
  async list(projectId: string, userId: string, filter: AlertFilter): Promise<AlertListAnswer> {
    const base = this.db
      .selectFrom('alerts')
      .leftJoin('alert_reads', (join) =>
        join.onRef('alert_reads.alert_id', '=', 'alerts.id').on('alert_reads.user_id', '=', userId),
      )
      .where('alerts.project_id', '=', projectId);
    let filtered = base;
    if (filter.ruleId !== undefined)
      filtered = UUID.test(filter.ruleId)
        ? filtered.where('alerts.rule_id', '=', filter.ruleId)
        : filtered.where(sql<boolean>`false`);
    if (filter.level) filtered = filtered.where('alerts.level', '=', filter.level);
    if (filter.unread !== undefined)
      filtered = filtered.where('alert_reads.user_id', filter.unread ? 'is' : 'is not', null);
    const [rows, total, unread] = await Promise.all([
      filtered
        .selectAll('alerts')
        .select(sql<boolean>`alert_reads.user_id is not null`.as('read'))
        .orderBy('alerts.raised_at', 'desc')
        .orderBy('alerts.id')
        .limit(filter.size)
        .offset(filter.page * filter.size)
        .execute(),
      filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      base
        .where('alert_reads.user_id', 'is', null)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { list: rows.map(alertOf), total: Number(total.n), unread: Number(unread.n) };
  }

  /** Marks alerts of the project read for the user: the named ones, or all. */
  async markRead(
    projectId: string,
    userId: string,
    ids: readonly string[] | 'all',
  ): Promise<number> {
    const named = ids === 'all' ? undefined : ids.filter((id) => UUID.test(id));
    if (named?.length === 0) return 0;
    let alerts = this.db
      .selectFrom('alerts')
      .select([sql<string>`alerts.id`.as('alert_id'), sql<string>`${userId}::uuid`.as('user_id')])
      .where('project_id', '=', projectId);
    if (named) alerts = alerts.where('id', 'in', named);
    const result = await this.db
      .insertInto('alert_reads')
      .columns(['alert_id', 'user_id'])
      .expression(alerts)
      .onConflict((conflict) => conflict.columns(['alert_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
}
