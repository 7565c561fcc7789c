import { sql, type Kysely } from 'kysely';

/** Prompts of a project's language-model analysis (spec 3 Prompt), edited by its admins. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('prompts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type_name', 'text', (c) => c.notNull())
    .addColumn('messages', 'jsonb', (c) => c.notNull())
    .addColumn('temperature', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('prompts_project')
    .on('prompts')
    .columns(['project_id', 'created_at'])
    .execute();
}
