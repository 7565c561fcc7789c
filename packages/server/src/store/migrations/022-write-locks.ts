import type { Kysely } from 'kysely';

/**
 * Locks that processes sharing the store take before a write only one may make at a time (a
 * ClickHouse import's commit into a project): held until `expires_at` unless extended, so a
 * holder that died gives the lock up by itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('write_locks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
