import { sql, type Kysely } from 'kysely';

/**
 * Scheduled reports (issue 28): a schedule's settings, its runs (one per period: the unique index
 * is what keeps two servers, or a late one, from sending a period twice) and its subscribers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_schedules')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    /** The rest of the schedule's input (core `scheduleInput`). */
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    /** Whose reports and files its runs make (an admin of the project when saved). */
    .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('report_schedules_project')
    .on('report_schedules')
    .columns(['project_id', 'subject_id'])
    .execute();

  await db.schema
    .createTable('report_schedule_runs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('schedule_id', 'uuid', (c) =>
      c.notNull().references('report_schedules.id').onDelete('cascade'),
    )
    .addColumn('manual', 'boolean', (c) => c.notNull())
    .addColumn('period_start', 'timestamptz', (c) => c.notNull())
    .addColumn('period_end', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('running', 'sent', 'failed')`),
    )
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('report_id', 'uuid', (c) => c.references('reports.id').onDelete('set null'))
    .addColumn('files', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'`))
    .addColumn('recipients', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('report_schedule_runs_period')
    .on('report_schedule_runs')
    .columns(['schedule_id', 'period_start', 'period_end'])
    .unique()
    .where(sql.ref('manual'), '=', false)
    .execute();
  await db.schema
    .createIndex('report_schedule_runs_newest')
    .on('report_schedule_runs')
    .columns(['schedule_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('report_schedule_subscribers')
    .addColumn('schedule_id', 'uuid', (c) =>
      c.notNull().references('report_schedules.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('report_schedule_subscribers_pk', ['schedule_id', 'user_id'])
    .execute();
}
