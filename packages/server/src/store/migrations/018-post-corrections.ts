import { sql, type Kysely } from 'kysely';

/**
 * Corrections of what the machine decided about a post (issue 25): one row per project, post and
 * field (`sentiment` or `duplicate`), with the machine's value when the post was first corrected,
 * the person's value, who and when. They are the source of truth the posts engine is set from
 * (again after a re-import of the post or a re-tag). `post_text` keeps the text the machine
 * classified (title and text), so the project's corrections can be exported as labelled texts and
 * evaluated without the engine.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('post_corrections')
    .addColumn('project_id', 'uuid', (c) =>
      c.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('post_id', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('machine_value', 'text', (c) => c.notNull())
    .addColumn('person_value', 'text', (c) => c.notNull())
    .addColumn('post_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('actor_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('post_corrections_pkey', ['project_id', 'post_id', 'field'])
    .addCheckConstraint('post_corrections_field', sql`field in ('sentiment', 'duplicate')`)
    .execute();
  await db.schema
    .createIndex('post_corrections_at')
    .on('post_corrections')
    .columns(['project_id', 'field', 'at'])
    .execute();
}
