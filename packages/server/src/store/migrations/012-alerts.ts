import { sql, type Kysely } from 'kysely';

/**
 * Early warning (issue 17): a project's alert rules, checked on a schedule by whichever server
 * claims one first (`lease_until`), the alerts they raise (one per incident, updated while it
 * lasts), and which members have read each alert.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alert_rules')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('interval_minutes', 'integer', (c) => c.notNull())
    .addColumn('definition', 'jsonb', (c) => c.notNull())
    .addColumn('next_check_at', 'timestamptz', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('last_checked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('alert_rules_project')
    .on('alert_rules')
    .columns(['project_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('alert_rules_due')
    .on('alert_rules')
    .columns(['enabled', 'next_check_at'])
    .execute();

  await db.schema
    .createTable('alerts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('rule_id', 'uuid', (c) =>
      c.notNull().references('alert_rules.id').onDelete('cascade'),
    )
    .addColumn('rule_name', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('raised_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    /** End of the newest window that fired: the incident goes on while the rule fires again. */
    .addColumn('last_fired_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updates', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('alerts_project')
    .on('alerts')
    .columns(['project_id', 'raised_at'])
    .execute();
  await db.schema
    .createIndex('alerts_rule')
    .on('alerts')
    .columns(['rule_id', 'last_fired_at'])
    .execute();

  await db.schema
    .createTable('alert_reads')
    .addColumn('alert_id', 'uuid', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('alert_reads_pk', ['alert_id', 'user_id'])
    .execute();
}
