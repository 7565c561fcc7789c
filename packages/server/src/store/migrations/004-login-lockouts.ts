import { sql, type Kysely } from 'kysely';

/**
 * Sign-in lockouts kept for super admins: an address locked after too many failures, or an
 * account slowed down (core `admin/login-lockouts.ts`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_lockouts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('address', 'account')`))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_failure_at', 'timestamptz', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('until', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_lockouts_started_at')
    .on('login_lockouts')
    .column('started_at')
    .execute();
  await db.schema
    .createIndex('login_lockouts_account')
    .on('login_lockouts')
    .columns(['kind', 'username', 'last_failure_at'])
    .execute();
}
