import { sql, type Kysely } from 'kysely';

/**
 * A project's tagging rules are kept as their JSON text in parts (`tagging_rule_parts`) of one
 * version, and `tagging_rules` names the current version: an embedded PGlite runs in the server's
 * thread, and writing or reading rules of a few megabytes as one jsonb value held that thread
 * for 0.3 to 2 s, where a part takes milliseconds. Earlier rules become version `v1`, one part.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tagging_rule_parts')
    .addColumn('project_id', 'uuid', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('part', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tagging_rule_parts_pkey', ['project_id', 'version', 'part'])
    .execute();
  await db.schema
    .alterTable('tagging_rules')
    .addColumn('version', 'text')
    .addColumn('parts', 'integer')
    .execute();
  await sql`
    insert into tagging_rule_parts (project_id, version, part, text)
    select project_id, 'v1', 0, rules::text from tagging_rules
  `.execute(db);
  await sql`update tagging_rules set version = 'v1', parts = 1`.execute(db);
  await db.schema
    .alterTable('tagging_rules')
    .alterColumn('version', (c) => c.setNotNull())
    .alterColumn('parts', (c) => c.setNotNull())
    .dropColumn('rules')
    .execute();
}
