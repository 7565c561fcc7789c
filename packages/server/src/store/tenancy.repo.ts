import { sql, type Kysely } from 'kysely';
import {
  projectProfile,
  type ProjectMember,
  type ProjectProfile,
  type ProjectScope,
  type Role,
} from '@yuqing/core';
import type { Database } from './schema.js';

export interface ProjectRecord {
  id: string;
  repository: string;
  code: string;
  name: string;
  customerId: string;
  customerCode: string;
  customerName: string;
  profile: ProjectProfile;
  /** Disabled by a super admin; members are refused while the project or its customer is. */
  disabled: boolean;
  customerDisabled: boolean;
  createdAt: Date;
}

export interface SubjectRecord {
  id: string;
  projectId: string;
  name: string;
  tendencies: string[];
}

export interface ProjectAccess {
  project: ProjectRecord;
  role: Role;
}

/** Customers, projects, subjects and memberships: who belongs where. */
export class TenancyRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private projectQuery() {
    return this.db
      .selectFrom('projects')
      .innerJoin('customers', 'customers.id', 'projects.customer_id')
      .select([
        'projects.id',
        'projects.repository',
        'projects.code',
        'projects.name',
        'projects.profile',
        'projects.disabled',
        'projects.created_at',
        'customers.id as customer_id',
        'customers.code as customer_code',
        'customers.name as customer_name',
        'customers.disabled as customer_disabled',
      ]);
  }

  /** Customer and project codes match whatever their case (codes are unique that way). */
  async findProject(scope: Pick<ProjectScope, 'repository' | 'customer' | 'project'>) {
    const row = await this.projectQuery()
      .where('projects.repository', '=', scope.repository)
      .where(sql`lower(customers.code)`, '=', scope.customer.toLowerCase())
      .where(sql`lower(projects.code)`, '=', scope.project.toLowerCase())
      .executeTakeFirst();
    return row && toProject(row);
  }

  async findProjectById(id: string): Promise<ProjectRecord | undefined> {
    const row = await this.projectQuery().where('projects.id', '=', id).executeTakeFirst();
    return row && toProject(row);
  }

  async findSubject(projectId: string, subjectId: string): Promise<SubjectRecord | undefined> {
    const row = await this.db
      .selectFrom('subjects')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', subjectId)
      .executeTakeFirst();
    return (
      row && { id: row.id, projectId: row.project_id, name: row.name, tendencies: row.tendencies }
    );
  }

  async findRole(userId: string, projectId: string): Promise<Role | undefined> {
    const row = await this.db
      .selectFrom('memberships')
      .select('role')
      .where('user_id', '=', userId)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return row?.role;
  }

  /**
   * Projects a user may open: a super admin all of them, as an admin; anyone else those they are
   * a member of, while neither the project nor its customer is disabled.
   */
  async listAccessible(user: { id: string; isSuperAdmin: boolean }): Promise<ProjectAccess[]> {
    if (user.isSuperAdmin) {
      const rows = await this.projectQuery().orderBy('projects.created_at').execute();
      return rows.map((row) => ({ project: toProject(row), role: 'admin' }));
    }
    const rows = await this.projectQuery()
      .innerJoin('memberships', 'memberships.project_id', 'projects.id')
      .select('memberships.role')
      .where('memberships.user_id', '=', user.id)
      .where('projects.disabled', '=', false)
      .where('customers.disabled', '=', false)
      .orderBy('projects.created_at')
      .execute();
    return rows.map((row) => ({ project: toProject(row), role: row.role }));
  }

  /** The oldest project in use, where a bare address leads. */
  async firstProject(): Promise<ProjectRecord | undefined> {
    const row = await this.projectQuery()
      .where('projects.disabled', '=', false)
      .where('customers.disabled', '=', false)
      .orderBy('projects.created_at')
      .executeTakeFirst();
    return row && toProject(row);
  }

  async countProjects(): Promise<number> {
    const row = await this.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async createCustomer(code: string, name: string): Promise<string> {
    const row = await this.db
      .insertInto('customers')
      .values({ code, name })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async createProject(input: {
    customerId: string;
    repository: string;
    code: string;
    name: string;
    profile: ProjectProfile;
  }): Promise<string> {
    const row = await this.db
      .insertInto('projects')
      .values({
        customer_id: input.customerId,
        repository: input.repository,
        code: input.code,
        name: input.name,
        profile: JSON.stringify(projectProfile.parse(input.profile)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async createSubject(subject: SubjectRecord): Promise<void> {
    await this.db
      .insertInto('subjects')
      .values({
        id: subject.id,
        project_id: subject.projectId,
        name: subject.name,
        tendencies: JSON.stringify(subject.tendencies),
      })
      .execute();
  }

  /** Replaces the project's profile (callers merge the fields they change into the current one). */
  async updateProfile(projectId: string, profile: ProjectProfile): Promise<void> {
    await this.db
      .updateTable('projects')
      .set({ profile: JSON.stringify(projectProfile.parse(profile)) })
      .where('id', '=', projectId)
      .execute();
  }

  /** The project's members with their accounts, by username. */
  async listMembers(projectId: string): Promise<Omit<ProjectMember, 'self'>[]> {
    const rows = await this.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select([
        'users.id',
        'users.username',
        'users.nickname',
        'users.disabled',
        'users.is_super_admin',
        'users.wx_openid',
        'memberships.role',
      ])
      .where('memberships.project_id', '=', projectId)
      .orderBy('users.username')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      username: row.username,
      nickname: row.nickname,
      role: row.role,
      disabled: row.disabled,
      isSuperAdmin: row.is_super_admin,
      wxBound: row.wx_openid !== null,
    }));
  }

  /** Ends a membership; false when the user was not a member. */
  async removeMember(userId: string, projectId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('memberships')
      .where('user_id', '=', userId)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async setRole(userId: string, projectId: string, role: Role): Promise<void> {
    await this.db
      .insertInto('memberships')
      .values({ user_id: userId, project_id: projectId, role })
      .onConflict((oc) => oc.columns(['user_id', 'project_id']).doUpdateSet({ role }))
      .execute();
  }
}

function toProject(row: {
  id: string;
  repository: string;
  code: string;
  name: string;
  profile: ProjectProfile;
  disabled: boolean;
  created_at: Date;
  customer_id: string;
  customer_code: string;
  customer_name: string;
  customer_disabled: boolean;
}): ProjectRecord {
  return {
    id: row.id,
    repository: row.repository,
    code: row.code,
    name: row.name,
    customerId: row.customer_id,
    customerCode: row.customer_code,
    customerName: row.customer_name,
    // Parsing fills defaults for profile fields added after a project was stored.
    profile: projectProfile.parse(row.profile),
    disabled: row.disabled,
    customerDisabled: row.customer_disabled,
    createdAt: new Date(row.created_at),
  };
}
