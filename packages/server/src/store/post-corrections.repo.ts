import { sql, type Kysely, type Selectable } from 'kysely';
import type { CorrectionField, PostCorrection } from '@yuqing/core';
import type { Database, PostCorrectionsTable } from './schema.js';

/** A stored correction, with the text the machine classified. */
export interface StoredCorrection extends PostCorrection {
  postText: string;
}

export interface NewCorrection {
  postId: string;
  field: CorrectionField;
  /** Kept only when the post had no correction of this field yet. */
  machineValue: string;
  personValue: string;
  postText: string;
  actor: { id: string | null; username: string };
  at: Date;
}

const storedOf = (row: Selectable<PostCorrectionsTable>): StoredCorrection => ({
  postId: row.post_id,
  field: row.field,
  machineValue: row.machine_value,
  personValue: row.person_value,
  by: row.actor_name,
  at: new Date(row.at).toISOString(),
  postText: row.post_text,
});

/**
 * People's corrections of posts (issue 25), one per project, post and field: the source of truth
 * the posts engine is set from, again after a re-import or a re-tag.
 */
export class PostCorrectionsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores a correction, replacing the post's earlier one of the field but keeping the machine's
   * value that one recorded (the stored post holds a person's value since).
   */
  async save(projectId: string, correction: NewCorrection): Promise<StoredCorrection> {
    const row = await this.db
      .insertInto('post_corrections')
      .values({
        project_id: projectId,
        post_id: correction.postId,
        field: correction.field,
        machine_value: correction.machineValue,
        person_value: correction.personValue,
        post_text: correction.postText,
        actor_id: correction.actor.id,
        actor_name: correction.actor.username,
        at: correction.at,
      })
      .onConflict((conflict) =>
        conflict.columns(['project_id', 'post_id', 'field']).doUpdateSet((eb) => ({
          person_value: eb.ref('excluded.person_value'),
          post_text: eb.ref('excluded.post_text'),
          actor_id: eb.ref('excluded.actor_id'),
          actor_name: eb.ref('excluded.actor_name'),
          at: eb.ref('excluded.at'),
        })),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
    return storedOf(row);
  }

  /** The corrections of some posts of a project. */
  async ofPosts(projectId: string, postIds: readonly string[]): Promise<StoredCorrection[]> {
    if (postIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('post_corrections')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('post_id', 'in', [...postIds])
      .orderBy('post_id')
      .orderBy('field')
      .execute();
    return rows.map(storedOf);
  }

  /** The next `limit` corrected posts' ids after `after`, in order. */
  async postIds(projectId: string, after: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('post_corrections')
      .select('post_id')
      .distinct()
      .where('project_id', '=', projectId)
      .where('post_id', '>', after)
      .orderBy('post_id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.post_id);
  }

  /** Whether the project has any correction. */
  async any(projectId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('post_corrections')
      .select('post_id')
      .where('project_id', '=', projectId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A field's corrections after a place (their time, then post), oldest first. */
  async page(
    projectId: string,
    field: CorrectionField,
    after: { at: string; postId: string } | undefined,
    limit: number,
  ): Promise<StoredCorrection[]> {
    let query = this.db
      .selectFrom('post_corrections')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('field', '=', field);
    if (after) {
      const at = new Date(after.at);
      query = query.where((eb) =>
        eb.or([eb('at', '>', at), eb.and([eb('at', '=', at), eb('post_id', '>', after.postId)])]),
      );
    }
    const rows = await query.orderBy('at').orderBy('post_id').limit(limit).execute();
    return rows.map(storedOf);
  }

  /** At most `limit` of the project's sentiment corrections, picked at random. */
  async sentimentSample(projectId: string, limit: number): Promise<StoredCorrection[]> {
    const rows = await this.db
      .selectFrom('post_corrections')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('field', '=', 'sentiment')
      .orderBy(sql`random()`)
      .limit(limit)
      .execute();
    return rows.map(storedOf);
  }
}
