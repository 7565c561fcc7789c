import { sql, type Kysely } from 'kysely';

/**
 * Shareable reports (core `export/reports.ts`): a report keeps its charts and their data as they
 * were when it was made; its images, the project's saved themes, and share links (only the
 * token's SHA-256 is kept).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_images')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('report_images_project')
    .on('report_images')
    .columns(['project_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('header_text', 'text', (c) => c.notNull())
    .addColumn('header_img', 'uuid', (c) => c.references('report_images.id').onDelete('set null'))
    .addColumn('logo_img', 'uuid', (c) => c.references('report_images.id').onDelete('set null'))
    .addColumn('theme', 'jsonb', (c) => c.notNull())
    .addColumn('charts', 'jsonb', (c) => c.notNull())
    .addColumn('aggs_data', 'jsonb', (c) => c.notNull())
    .addColumn('chart_source', 'jsonb', (c) => c.notNull())
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('reports_project')
    .on('reports')
    .columns(['project_id', 'subject_id', 'updated_at'])
    .execute();

  await db.schema
    .createTable('report_themes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('theme', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('report_themes_name', ['project_id', 'name'])
    .execute();

  await db.schema
    .createTable('report_shares')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('report_id', 'uuid', (c) => c.notNull().references('reports.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_viewed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('report_shares_report')
    .on('report_shares')
    .column('report_id')
    .execute();
}
