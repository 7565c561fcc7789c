import { sql, type Kysely } from 'kysely';

/**
 * Page-set templates (spec 7, POST /project_template): saved dashboards that belong to a
 * customer, so every project of the customer can start pages from them. Named per customer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('project_templates')
    .addColumn('customer_id', 'uuid', (c) =>
      c.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addPrimaryKeyConstraint('project_templates_pk', ['customer_id', 'name'])
    .execute();
}
