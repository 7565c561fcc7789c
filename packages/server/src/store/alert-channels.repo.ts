import type { Kysely } from 'kysely';
import type { AlertChannelKind } from '@yuqing/core';
import type { Database } from './schema.js';

/** A channel as stored: its settings sealed (see alerts/delivery/channel-vault.ts). */
export interface StoredChannel {
  id: string;
  kind: AlertChannelKind;
  sealed: string;
}

/** The channels a rule's alerts are sent through, in the order its admins gave them. */
export class AlertChannelsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async list(projectId: string, ruleId: string): Promise<StoredChannel[]> {
    return this.db
      .selectFrom('alert_channels')
      .select(['id', 'kind', 'config as sealed'])
      .where('project_id', '=', projectId)
      .where('rule_id', '=', ruleId)
      .orderBy('position')
      .execute();
  }

  /** Every channel of the project's rules, with its rule's name: what a schedule may send to. */
  async ofProject(projectId: string): Promise<(StoredChannel & { ruleName: string })[]> {
    return this.db
      .selectFrom('alert_channels')
      .innerJoin('alert_rules', 'alert_rules.id', 'alert_channels.rule_id')
      .select([
        'alert_channels.id',
        'alert_channels.kind',
        'alert_channels.config as sealed',
        'alert_rules.name as ruleName',
      ])
      .where('alert_channels.project_id', '=', projectId)
      .orderBy('alert_rules.name')
      .orderBy('alert_channels.position')
      .execute();
  }

  async find(id: string): Promise<StoredChannel | undefined> {
    return this.db
      .selectFrom('alert_channels')
      .select(['id', 'kind', 'config as sealed'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * The rule's channels become these: one with the id of a channel of the rule is that channel
   * changed (its pending sends kept), others are added, and those not named are removed.
   */
  async replace(
    projectId: string,
    ruleId: string,
    channels: readonly { id?: string; kind: AlertChannelKind; sealed: string }[],
  ): Promise<StoredChannel[]> {
    await this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('alert_channels')
        .select('id')
        .where('project_id', '=', projectId)
        .where('rule_id', '=', ruleId)
        .forUpdate()
        .execute();
      const existing = new Set(current.map((row) => row.id));
      const kept = channels.flatMap((channel) =>
        channel.id && existing.has(channel.id) ? [channel.id] : [],
      );
      const removed = [...existing].filter((id) => !kept.includes(id));
      if (removed.length)
        await trx.deleteFrom('alert_channels').where('id', 'in', removed).execute();
      for (const [position, channel] of channels.entries()) {
        const values = { kind: channel.kind, config: channel.sealed, position };
        if (channel.id && existing.has(channel.id)) {
          await trx
            .updateTable('alert_channels')
            .set({ ...values, updated_at: new Date() })
            .where('id', '=', channel.id)
            .execute();
        } else {
          await trx
            .insertInto('alert_channels')
            .values({ ...values, project_id: projectId, rule_id: ruleId })
            .execute();
        }
      }
    });
    return this.list(projectId, ruleId);
  }
}
