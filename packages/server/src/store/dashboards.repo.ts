import type { Kysely, Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import { dashboard, type Dashboard, type DashboardVersion } from '@yuqing/core';
import type { Database } from './schema.js';

/** Which dashboard: a project's own (`subjectId` '') or one of its subjects'. */
export interface DashboardKey {
  projectId: string;
  subjectId: string;
}

export interface DraftRecord {
  dashboard: Dashboard;
  revision: number;
  updatedAt: Date;
}

export interface PublishedRecord {
  dashboard: Dashboard;
  version: number;
}

/** The draft was saved by someone else since `expected` was read. */
export class StaleRevisionError extends Error {
  constructor(readonly current: number) {
    super(`draft revision is ${current}`);
  }
}

/** Dashboards: one draft per key, and every publish kept as a numbered version. */
export class DashboardsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Published versions as read and parsed, by key and number: a version never changes, and each
   * page a viewer opens reads one (parsing it took a millisecond of the server's thread). Callers
   * read what they are given and never change it.
   */
  private readonly parsedVersions = new LRUCache<string, PublishedRecord>({ max: 200 });

  async draft(key: DashboardKey): Promise<DraftRecord | undefined> {
    const row = await this.db
      .selectFrom('dashboards')
      .select(['draft', 'revision', 'updated_at'])
      .where('project_id', '=', key.projectId)
      .where('subject_id', '=', key.subjectId)
      .executeTakeFirst();
    return (
      row && {
        // Parsing fills defaults for fields added after the draft was stored.
        dashboard: dashboard.parse(row.draft),
        revision: row.revision,
        updatedAt: new Date(row.updated_at),
      }
    );
  }

  /**
   * Saves the draft if nobody saved since `expectedRevision` (0 = there is no draft yet);
   * answers the new revision.
   */
  async saveDraft(
    key: DashboardKey,
    content: Dashboard,
    expectedRevision: number,
    userId: string | null,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('dashboards')
        .select('revision')
        .where('project_id', '=', key.projectId)
        .where('subject_id', '=', key.subjectId)
        .forUpdate()
        .executeTakeFirst();
      const revision = current?.revision ?? 0;
      if (revision !== expectedRevision) throw new StaleRevisionError(revision);
      const draft = JSON.stringify(content);
      if (current) {
        await trx
          .updateTable('dashboards')
          .set({ draft, revision: revision + 1, updated_at: new Date(), updated_by: userId })
          .where('project_id', '=', key.projectId)
          .where('subject_id', '=', key.subjectId)
          .execute();
      } else {
        // Two first saves at once: the row did not exist to lock, so the later insert finds it.
        const inserted = await trx
          .insertInto('dashboards')
          .values({
            project_id: key.projectId,
            subject_id: key.subjectId,
            draft,
            revision: 1,
            updated_by: userId,
          })
          .onConflict((oc) => oc.columns(['project_id', 'subject_id']).doNothing())
          .returning('revision')
          .executeTakeFirst();
        if (!inserted) throw new StaleRevisionError(1);
      }
      return revision + 1;
    });
  }

  /** Publishes the saved draft as the next version; undefined when there is no draft. */
  async publish(key: DashboardKey, userId: string | null): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const draft = await trx
        .selectFrom('dashboards')
        .select('draft')
        .where('project_id', '=', key.projectId)
        .where('subject_id', '=', key.subjectId)
        .forUpdate()
        .executeTakeFirst();
      if (!draft) return undefined;
      return appendVersion(trx, key, JSON.stringify(draft.draft), userId);
    });
  }

  /**
   * Rolls back to an earlier version: its content becomes the draft (whatever the draft's
   * revision: a rollback is explicit) and is published as the newest version, so the list keeps
   * the history. Undefined when `version` does not exist.
   */
  async rollback(
    key: DashboardKey,
    version: number,
    userId: string | null,
  ): Promise<{ version: number; revision: number } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('dashboards')
        .select('revision')
        .where('project_id', '=', key.projectId)
        .where('subject_id', '=', key.subjectId)
        .forUpdate()
        .executeTakeFirst();
      const source = await trx
        .selectFrom('dashboard_versions')
        .select('content')
        .where('project_id', '=', key.projectId)
        .where('subject_id', '=', key.subjectId)
        .where('version', '=', version)
        .executeTakeFirst();
      if (!source) return undefined;
      const content = JSON.stringify(source.content);
      const revision = (current?.revision ?? 0) + 1;
      await trx
        .insertInto('dashboards')
        .values({
          project_id: key.projectId,
          subject_id: key.subjectId,
          draft: content,
          revision,
          updated_by: userId,
        })
        .onConflict((oc) =>
          oc
            .columns(['project_id', 'subject_id'])
            .doUpdateSet({ draft: content, revision, updated_at: new Date(), updated_by: userId }),
        )
        .execute();
      return { version: await appendVersion(trx, key, content, userId), revision };
    });
  }

  /** A published version, or the newest when `version` is undefined. */
  async published(key: DashboardKey, version?: number): Promise<PublishedRecord | undefined> {
    const versionKey = (n: number) => `${key.projectId}\u0000${key.subjectId}\u0000${n}`;
    const kept = version === undefined ? undefined : this.parsedVersions.get(versionKey(version));
    if (kept) return kept;
    let query = this.db
      .selectFrom('dashboard_versions')
      .select(['content', 'version'])
      .where('project_id', '=', key.projectId)
      .where('subject_id', '=', key.subjectId);
    query =
      version === undefined
        ? query.orderBy('version', 'desc').limit(1)
        : query.where('version', '=', version);
    const row = await query.executeTakeFirst();
    if (!row) return undefined;
    const known = this.parsedVersions.get(versionKey(row.version));
    if (known) return known;
    const record = { dashboard: dashboard.parse(row.content), version: row.version };
    this.parsedVersions.set(versionKey(row.version), record);
    return record;
  }

  async versions(key: DashboardKey): Promise<DashboardVersion[]> {
    const rows = await this.db
      .selectFrom('dashboard_versions')
      .leftJoin('users', 'users.id', 'dashboard_versions.published_by')
      .select(['version', 'published_at', 'users.nickname'])
      .where('project_id', '=', key.projectId)
      .where('subject_id', '=', key.subjectId)
      .orderBy('version', 'desc')
      .execute();
    return rows.map((row) => ({
      version: row.version,
      publishedAt: new Date(row.published_at).toISOString(),
      publishedBy: row.nickname,
    }));
  }
}

/** Inserts `content` as the key's next version number, inside the caller's transaction. */
async function appendVersion(
  trx: Transaction<Database>,
  key: DashboardKey,
  content: string,
  userId: string | null,
): Promise<number> {
  const last = await trx
    .selectFrom('dashboard_versions')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('project_id', '=', key.projectId)
    .where('subject_id', '=', key.subjectId)
    .executeTakeFirst();
  const version = Number(last?.version ?? 0) + 1;
  await trx
    .insertInto('dashboard_versions')
    .values({
      project_id: key.projectId,
      subject_id: key.subjectId,
      version,
      content,
      published_by: userId,
    })
    .execute();
  return version;
}
