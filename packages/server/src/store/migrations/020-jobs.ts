import { sql, type Kysely } from 'kysely';

/**
 * One durable job runner (issue 27): `jobs` holds the run of every kind of background work (who
 * claimed it, until when, its attempts, when it is due again, its error and times), claimed with
 * `FOR UPDATE SKIP LOCKED`. The domain tables keep what their pages show (a download's rows and
 * file, a send's last error), and give up their claim columns: queued and running downloads,
 * pending and sending alert sends and every alert rule's checks become jobs of the same id, due
 * when they were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('project_id', 'uuid', (c) => c.references('projects.id').onDelete('cascade'))
    /** At most one queued or running job of a key (a project's re-tag). */
    .addColumn('key', 'text')
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('progress', 'jsonb')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('queued', 'running', 'done', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_run_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'next_run_at']).execute();
  await db.schema
    .createIndex('jobs_key_pending')
    .on('jobs')
    .column('key')
    .unique()
    .where(sql.ref('status'), 'in', sql`('queued', 'running')`)
    .execute();
  await db.schema
    .createIndex('jobs_of_project')
    .on('jobs')
    .columns(['project_id', 'kind', 'created_at'])
    .execute();

  await sql`
    insert into jobs (id, kind, project_id, payload, status, attempts, next_run_at)
    select id, 'download', project_id, '{}', 'queued',
      case when status = 'running' then greatest(attempts - 1, 0) else attempts end, now()
    from download_jobs where offline and status in ('queued', 'running')
  `.execute(db);
  await sql`update download_jobs set status = 'queued' where status = 'running'`.execute(db);
  await db.schema.dropIndex('download_jobs_pending').execute();
  await db.schema
    .alterTable('download_jobs')
    .dropColumn('attempts')
    .dropColumn('heartbeat_at')
    .execute();

  await sql`
    insert into jobs (id, kind, project_id, payload, status, attempts, next_run_at)
    select id, 'alert-delivery', project_id, '{}', 'queued',
      case when state = 'sending' then greatest(attempts - 1, 0) else attempts end, next_at
    from alert_deliveries where state in ('pending', 'sending')
  `.execute(db);
  await sql`update alert_deliveries set state = 'pending' where state = 'sending'`.execute(db);
  await db.schema.dropIndex('alert_deliveries_due').execute();
  await db.schema
    .alterTable('alert_deliveries')
    .dropColumn('attempts')
    .dropColumn('next_at')
    .dropColumn('lease_until')
    .execute();

  await sql`
    insert into jobs (id, kind, project_id, payload, status, attempts, next_run_at)
    select id, 'alert-check', project_id, '{}', 'queued', 0, next_check_at from alert_rules
  `.execute(db);
  await db.schema.dropIndex('alert_rules_due').execute();
  await db.schema
    .alterTable('alert_rules')
    .dropColumn('next_check_at')
    .dropColumn('lease_owner')
    .dropColumn('lease_until')
    .execute();
}
