import { sql, type Kysely } from 'kysely';
import type { AdminMembership, AdminUser, AdminUserPage, AdminUserQuery } from '@yuqing/core';
import type { Database } from './schema.js';

/** The username is already taken. */
export class DuplicateUsernameError extends Error {
  constructor(readonly username: string) {
    super(`user ${username} exists`);
  }
}

/** A membership names a project that does not exist. */
export class UnknownProjectError extends Error {}

export interface NewAdminUser {
  username: string;
  nickname: string;
  passwordHash: string;
  isSuperAdmin: boolean;
  projects: AdminMembership[];
}

export interface AdminUserChange {
  nickname?: string;
  disabled?: boolean;
  passwordHash?: string;
  isSuperAdmin?: boolean;
}

/** Users across projects as super admins administer them. */
export class AdminUsersRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async page(query: AdminUserQuery): Promise<AdminUserPage> {
    let users = this.db.selectFrom('users');
    if (query.q) {
      const q = query.q.toLowerCase();
      users = users.where((eb) =>
        eb.or([
          eb(sql`position(${q} in lower(users.username))`, '>', 0),
          eb(sql`position(${q} in lower(users.nickname))`, '>', 0),
        ]),
      );
    }
    if (query.projectId) {
      const projectId = query.projectId;
      users = users.where((eb) =>
        eb.exists(
          eb
            .selectFrom('memberships')
            .select('memberships.user_id')
            .whereRef('memberships.user_id', '=', 'users.id')
            .where('memberships.project_id', '=', projectId),
        ),
      );
    }
    const total = await users
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await users
      .selectAll('users')
      .orderBy('users.username')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return { total: Number(total.n), items: await this.withProjects(rows) };
  }

  async find(id: string): Promise<AdminUser | undefined> {
    const row = await this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const [user] = await this.withProjects([row]);
    return user;
  }

  /** The account and its memberships, in one transaction. */
  async create(user: NewAdminUser): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      let created: { id: string };
      try {
        created = await trx
          .insertInto('users')
          .values({
            username: user.username,
            nickname: user.nickname,
            password_hash: user.passwordHash,
            wx_openid: null,
            is_super_admin: user.isSuperAdmin,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      } catch (error) {
        // Also when another request created the same username since anyone looked.
        if ((error as { code?: string }).code === '23505') {
          throw new DuplicateUsernameError(user.username);
        }
        throw error;
      }
      // One role per project: the last one named.
      const roles = new Map(user.projects.map(({ projectId, role }) => [projectId, role]));
      if (roles.size > 0) {
        try {
          await trx
            .insertInto('memberships')
            .values(
              [...roles].map(([projectId, role]) => ({
                user_id: created.id,
                project_id: projectId,
                role,
              })),
            )
            .execute();
        } catch (error) {
          if ((error as { code?: string }).code === '23503') throw new UnknownProjectError();
          throw error;
        }
      }
      return created.id;
    });
  }

  async update(id: string, change: AdminUserChange): Promise<void> {
    const set = {
      ...(change.nickname !== undefined && { nickname: change.nickname }),
      ...(change.disabled !== undefined && { disabled: change.disabled }),
      ...(change.passwordHash !== undefined && { password_hash: change.passwordHash }),
      ...(change.isSuperAdmin !== undefined && { is_super_admin: change.isSuperAdmin }),
    };
    if (Object.keys(set).length === 0) return;
    await this.db.updateTable('users').set(set).where('id', '=', id).execute();
  }

  private async withProjects(
    rows: {
      id: string;
      username: string;
      nickname: string;
      disabled: boolean;
      is_super_admin: boolean;
      wx_openid: string | null;
      created_at: Date;
    }[],
  ): Promise<AdminUser[]> {
    const memberships =
      rows.length === 0
        ? []
        : await this.db
            .selectFrom('memberships')
            .select(['user_id', 'project_id', 'role'])
            .where(
              'user_id',
              'in',
              rows.map((row) => row.id),
            )
            .orderBy('created_at')
            .execute();
    return rows.map((row) => ({
      id: row.id,
      username: row.username,
      nickname: row.nickname,
      disabled: row.disabled,
      isSuperAdmin: row.is_super_admin,
      wxBound: row.wx_openid !== null,
      createdAt: new Date(row.created_at).toISOString(),
      projects: memberships
        .filter((membership) => membership.user_id === row.id)
        .map((membership) => ({ projectId: membership.project_id, role: membership.role })),
    }));
  }
}
