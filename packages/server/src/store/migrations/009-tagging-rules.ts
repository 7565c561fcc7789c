import { sql, type Kysely } from 'kysely';

/** A project's tagging rules (core `tagging/rules.ts`), one document per project. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tagging_rules')
    .addColumn('project_id', 'uuid', (c) =>
      c.primaryKey().references('projects.id').onDelete('cascade'),
    )
    .addColumn('rules', 'jsonb', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
