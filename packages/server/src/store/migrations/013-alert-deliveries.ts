import { sql, type Kysely } from 'kysely';

/**
 * Where a rule's alerts are sent (`alert_channels`: each channel's settings sealed with
 * ALERT_SECRET_KEY) and the sends (`alert_deliveries`: one per alert update and channel, tried
 * with backoff by the delivery worker, which claims due rows with a lease).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alert_channels')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('rule_id', 'uuid', (c) =>
      c.notNull().references('alert_rules.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('wecom', 'dingtalk', 'feishu', 'email', 'webhook')`),
    )
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('alert_channels_rule')
    .on('alert_channels')
    .columns(['rule_id', 'position'])
    .execute();

  await db.schema
    .createTable('alert_deliveries')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('alert_id', 'uuid', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('channel_id', 'uuid', (c) =>
      c.notNull().references('alert_channels.id').onDelete('cascade'),
    )
    .addColumn('message', 'jsonb', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'timestamptz', (c) => c.notNull())
    .addColumn('lease_until', 'timestamptz')
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('alert_deliveries_due')
    .on('alert_deliveries')
    .columns(['state', 'next_at'])
    .execute();
  await db.schema
    .createIndex('alert_deliveries_channel')
    .on('alert_deliveries')
    .columns(['channel_id', 'last_attempt_at'])
    .execute();
}
