import type { Kysely } from 'kysely';
import type { ProjectDataItem } from '@yuqing/core';
import type { Database } from './schema.js';

/** Named option lists and trees of a project (spec 7, project data). */
export class ProjectDataRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async list(projectId: string): Promise<ProjectDataItem[]> {
    const rows = await this.db
      .selectFrom('project_data')
      .select(['name', 'kind', 'items'])
      .where('project_id', '=', projectId)
      .orderBy('name')
      .execute();
    return rows;
  }

  async find(projectId: string, name: string): Promise<ProjectDataItem | undefined> {
    return this.db
      .selectFrom('project_data')
      .select(['name', 'kind', 'items'])
      .where('project_id', '=', projectId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async save(projectId: string, item: ProjectDataItem): Promise<void> {
    const items = JSON.stringify(item.items);
    await this.db
      .insertInto('project_data')
      .values({ project_id: projectId, name: item.name, kind: item.kind, items })
      .onConflict((oc) =>
        oc
          .columns(['project_id', 'name'])
          .doUpdateSet({ kind: item.kind, items, updated_at: new Date() }),
      )
      .execute();
  }

  async remove(projectId: string, name: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('project_data')
      .where('project_id', '=', projectId)
      .where('name', '=', name)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
