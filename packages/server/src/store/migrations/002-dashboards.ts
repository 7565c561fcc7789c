import { sql, type Kysely } from 'kysely';

/**
 * Dashboards get their own tables: a draft per project (and per subject, '' for the project's
 * own) with a revision for optimistic saves, and every publish as a numbered version. Project
 * data items (named option lists and trees) too. Menus and site settings move out of the
 * project profile into the dashboard, published as version 1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dashboards')
    .addColumn('project_id', 'uuid', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('draft', 'jsonb', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addPrimaryKeyConstraint('dashboards_pk', ['project_id', 'subject_id'])
    .execute();

  await db.schema
    .createTable('dashboard_versions')
    .addColumn('project_id', 'uuid', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('published_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addPrimaryKeyConstraint('dashboard_versions_pk', ['project_id', 'subject_id', 'version'])
    .execute();

  await db.schema
    .createTable('project_data')
    .addColumn('project_id', 'uuid', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('list', 'tree')`))
    .addColumn('items', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('project_data_pk', ['project_id', 'name'])
    .execute();

  const projects = await sql<{ id: string; profile: Record<string, unknown> }>`
    select id, profile from projects`.execute(db);
  for (const { id, profile } of projects.rows) {
    const { menus = [], site, ...rest } = profile;
    const content = JSON.stringify({ site, menu: menus, pages: {} });
    await sql`insert into dashboards (project_id, subject_id, draft, revision)
      values (${id}, '', ${content}::jsonb, 1)`.execute(db);
    await sql`insert into dashboard_versions (project_id, subject_id, version, content)
      values (${id}, '', 1, ${content}::jsonb)`.execute(db);
    await sql`update projects set profile = ${JSON.stringify(rest)}::jsonb where id = ${id}`.execute(
      db,
    );
  }
}
