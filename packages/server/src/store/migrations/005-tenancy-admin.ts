import { sql, type Kysely } from 'kysely';

/**
 * Tenancy administration by super admins: customers and projects can be disabled, their codes
 * are unique whatever their case (`Demo` and `demo` are one code in a URL a person types), and
 * every administrative action is kept in `audit_log`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['customers', 'projects']) {
    await db.schema
      .alterTable(table)
      .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
  }
  await sql`create unique index customers_code_ci on customers (lower(code))`.execute(db);
  await sql`create unique index projects_location_ci
    on projects (repository, customer_id, lower(code))`.execute(db);

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('target_name', 'text', (c) => c.notNull())
    .addColumn('details', 'jsonb', (c) => c.notNull())
    .execute();
}
