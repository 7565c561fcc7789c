import type { Kysely } from 'kysely';
import type { StoredTagRules, TagRules } from '@yuqing/core';
import type { Database } from './schema.js';

/** Each project's tagging rules, replaced whole; rules are validated before they are stored. */
export class TaggingRulesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The project's rules, or undefined if it never had any. */
  async get(projectId: string): Promise<StoredTagRules | undefined> {
    const row = await this.db
      .selectFrom('tagging_rules')
      .select(['rules', 'updated_at', 'updated_by'])
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      rules: row.rules,
      updatedAt: row.updated_at.toISOString(),
      updatedBy: row.updated_by,
    };
  }

  async replace(projectId: string, rules: TagRules, updatedBy: string | null): Promise<void> {
    const values = { rules: JSON.stringify(rules), updated_by: updatedBy };
    await this.db
      .insertInto('tagging_rules')
      .values({ project_id: projectId, ...values })
      .onConflict((conflict) =>
        conflict.column('project_id').doUpdateSet({ ...values, updated_at: new Date() }),
      )
      .execute();
  }
}
