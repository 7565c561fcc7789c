import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** The project code is already used by another project of the customer in that repository. */
export class DuplicateProjectError extends Error {
  constructor(readonly code: string) {
    super(`project ${code} exists`);
  }
}

/**
 * The project to copy, and the customer and repository the copy goes to (the source's own for
 * POST /project_copy).
 */
export interface CopySource {
  id: string;
  customerId: string;
  repository: string;
}

/**
 * Copies a project in one transaction (spec 7, POST /project_copy): a new project of the same
 * customer and repository with the source's profile, its own dashboard's draft (as revision 1)
 * and newest published version (as version 1), its project data items and, when asked, its
 * subjects with their dashboards in the same way. Memberships and version history stay with the
 * source.
 */
export class ProjectCopyRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Answers the new project's id. The copy is recorded as `userId`'s, who becomes its admin when
   * `makeAdmin` (a super admin is an admin everywhere and needs no membership).
   */
  async copy(
    source: CopySource,
    target: { code: string; name: string; subjects: boolean },
    userId: string,
    makeAdmin: boolean,
  ): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('projects')
        .select('id')
        .where('customer_id', '=', source.customerId)
        .where('repository', '=', source.repository)
        .where('code', '=', target.code)
        .executeTakeFirst();
      if (taken) throw new DuplicateProjectError(target.code);

      const profile = await trx
        .selectFrom('projects')
        .select('profile')
        .where('id', '=', source.id)
        .executeTakeFirstOrThrow();
      let created: { id: string };
      try {
        created = await trx
          .insertInto('projects')
          .values({
            customer_id: source.customerId,
            repository: source.repository,
            code: target.code,
            name: target.name,
            profile: JSON.stringify(profile.profile),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      } catch (error) {
        // Another copy to the same code committed between the check and the insert.
        if ((error as { code?: string }).code === '23505') {
          throw new DuplicateProjectError(target.code);
        }
        throw error;
      }
      const id = created.id;

      await copyDashboard(trx, { from: source.id, to: id, subjectId: '' }, userId);
      if (target.subjects) {
        const subjects = await trx
          .selectFrom('subjects')
          .select(['id', 'name', 'tendencies'])
          .where('project_id', '=', source.id)
          .execute();
        for (const subject of subjects) {
          await trx
            .insertInto('subjects')
            .values({
              id: subject.id,
              project_id: id,
              name: subject.name,
              tendencies: JSON.stringify(subject.tendencies),
            })
            .execute();
          await copyDashboard(trx, { from: source.id, to: id, subjectId: subject.id }, userId);
        }
      }

      const data = await trx
        .selectFrom('project_data')
        .select(['name', 'kind', 'items'])
        .where('project_id', '=', source.id)
        .execute();
      if (data.length > 0) {
        await trx
          .insertInto('project_data')
          .values(
            data.map((item) => ({
              project_id: id,
              name: item.name,
              kind: item.kind,
              items: JSON.stringify(item.items),
            })),
          )
          .execute();
      }

      if (makeAdmin) {
        await trx
          .insertInto('memberships')
          .values({ user_id: userId, project_id: id, role: 'admin' })
          .execute();
      }
      return id;
    });
  }
}

/** One dashboard's draft (as revision 1) and newest published version (as version 1). */
async function copyDashboard(
  trx: Transaction<Database>,
  { from, to, subjectId }: { from: string; to: string; subjectId: string },
  userId: string,
): Promise<void> {
  const draft = await trx
    .selectFrom('dashboards')
    .select('draft')
    .where('project_id', '=', from)
    .where('subject_id', '=', subjectId)
    .executeTakeFirst();
  if (draft) {
    await trx
      .insertInto('dashboards')
      .values({
        project_id: to,
        subject_id: subjectId,
        draft: JSON.stringify(draft.draft),
        revision: 1,
        updated_by: userId,
      })
      .execute();
  }
  const published = await trx
    .selectFrom('dashboard_versions')
    .select('content')
    .where('project_id', '=', from)
    .where('subject_id', '=', subjectId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (published) {
    await trx
      .insertInto('dashboard_versions')
      .values({
        project_id: to,
        subject_id: subjectId,
        version: 1,
        content: JSON.stringify(published.content),
        published_by: userId,
      })
      .execute();
  }
}
