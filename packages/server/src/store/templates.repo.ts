import { sql, type Kysely } from 'kysely';
import { dashboard, type ProjectTemplate, type TemplateListItem } from '@yuqing/core';
import type { Database } from './schema.js';

/** Page-set templates of a customer (spec 7, project templates), named per customer. */
export class TemplatesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async list(customerId: string): Promise<TemplateListItem[]> {
    const rows = await this.db
      .selectFrom('project_templates')
      .leftJoin('users', 'users.id', 'project_templates.created_by')
      .select([
        'project_templates.name',
        'project_templates.created_at',
        'users.nickname',
        // Applying a template adds a page for each menu item, laid out or not.
        sql<number>`jsonb_array_length(project_templates.content -> 'menu')`.as('pages'),
      ])
      .where('project_templates.customer_id', '=', customerId)
      .orderBy('project_templates.name')
      .execute();
    return rows.map((row) => ({
      name: row.name,
      createdAt: new Date(row.created_at).toISOString(),
      createdBy: row.nickname,
      pages: Number(row.pages),
    }));
  }

  async find(customerId: string, name: string): Promise<ProjectTemplate | undefined> {
    const row = await this.db
      .selectFrom('project_templates')
      .select(['name', 'content'])
      .where('customer_id', '=', customerId)
      .where('name', '=', name)
      .executeTakeFirst();
    // Parsing fills defaults for dashboard fields added after the template was saved.
    return row && { name: row.name, template: dashboard.parse(row.content) };
  }

  /** Saves a template; a template of the same name is replaced. */
  async save(customerId: string, template: ProjectTemplate, userId: string | null): Promise<void> {
    const content = JSON.stringify(template.template);
    await this.db
      .insertInto('project_templates')
      .values({ customer_id: customerId, name: template.name, content, created_by: userId })
      .onConflict((oc) =>
        oc
          .columns(['customer_id', 'name'])
          .doUpdateSet({ content, created_at: new Date(), created_by: userId }),
      )
      .execute();
  }

  async remove(customerId: string, name: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('project_templates')
      .where('customer_id', '=', customerId)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
