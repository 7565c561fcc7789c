import type { Kysely } from 'kysely';

/**
 * The audit log records every action of a project, not only tenancy administration: each entry
 * keeps the project it was taken in (its path as written then) and the client's address. Entries
 * written before have neither.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('audit_log')
    .addColumn('project_id', 'uuid', (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('project_name', 'text')
    .addColumn('address', 'text')
    .execute();
}
