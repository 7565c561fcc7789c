import { sql, type Kysely } from 'kysely';

/**
 * Export templates a project admin uploaded (core `export/templates.ts`): what was read from a
 * .pptx or .docx (its theme's colours and its logo), not the file itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('export_templates')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('colors', 'jsonb', (c) => c.notNull())
    .addColumn('accent', 'text', (c) => c.notNull())
    .addColumn('background', 'text', (c) => c.notNull())
    .addColumn('logo', 'bytea')
    .addColumn('logo_type', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('export_templates_project')
    .on('export_templates')
    .columns(['project_id', 'kind', 'created_at'])
    .execute();
}
