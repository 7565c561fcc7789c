import { sql, type Kysely } from 'kysely';
import {
  projectPath,
  projectProfile,
  type AdminCustomer,
  type AdminProject,
  type AdminTenancy,
  type Dashboard,
  DEFAULT_PROMPTS,
} from '@yuqing/core';
import { DuplicateProjectError } from './project-copy.repo.js';
import type { Database } from './schema.js';

/** The customer code is already used, whatever its case. */
export class DuplicateCustomerError extends Error {
  constructor(readonly code: string) {
    super(`customer ${code} exists`);
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** Customers and projects as super admins administer them: listing, creating, renaming, disabling. */
export class AdminTenancyRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private customerQuery() {
    return this.db
      .selectFrom('customers')
      .select([
        'customers.id',
        'customers.code',
        'customers.name',
        'customers.disabled',
        'customers.created_at',
        sql<number>`(select count(*) from projects where projects.customer_id = customers.id)`.as(
          'project_count',
        ),
      ]);
  }

  private projectQuery() {
    return this.db
      .selectFrom('projects')
      .innerJoin('customers', 'customers.id', 'projects.customer_id')
      .select([
        'projects.id',
        'projects.repository',
        'projects.code',
        'projects.name',
        'projects.disabled',
        'projects.created_at',
        'customers.id as customer_id',
        'customers.code as customer_code',
        'customers.name as customer_name',
        sql<number>`(select count(*) from memberships where memberships.project_id = projects.id)`.as(
          'member_count',
        ),
      ]);
  }

  async overview(): Promise<AdminTenancy> {
    const customers = await this.customerQuery().orderBy('customers.code').execute();
    const projects = await this.projectQuery()
      .orderBy('projects.repository')
      .orderBy('customers.code')
      .orderBy('projects.code')
      .execute();
    return {
      repositories: [...new Set(projects.map((row) => row.repository))].sort(),
      customers: customers.map(toCustomer),
      projects: projects.map(toProject),
    };
  }

  async customer(id: string): Promise<AdminCustomer | undefined> {
    const row = await this.customerQuery().where('customers.id', '=', id).executeTakeFirst();
    return row && toCustomer(row);
  }

  async project(id: string): Promise<AdminProject | undefined> {
    const row = await this.projectQuery().where('projects.id', '=', id).executeTakeFirst();
    return row && toProject(row);
  }

  async createCustomer(code: string, name: string): Promise<string> {
    try {
      const row = await this.db
        .insertInto('customers')
        .values({ code, name })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw new DuplicateCustomerError(code);
      throw error;
    }
  }

  async updateCustomer(id: string, change: { name?: string; disabled?: boolean }): Promise<void> {
    if (change.name === undefined && change.disabled === undefined) return;
    await this.db.updateTable('customers').set(change).where('id', '=', id).execute();
  }

  /**
   * A new project with the default profile; `dashboard`, when given, becomes its draft (revision
   * 1) and its published version 1, so the project opens with it.
   */
  async createProject(
    input: { customerId: string; repository: string; code: string; name: string },
    dashboard: Dashboard | undefined,
    userId: string,
  ): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      let created: { id: string };
      try {
        created = await trx
          .insertInto('projects')
          .values({
            customer_id: input.customerId,
            repository: input.repository,
            code: input.code,
            name: input.name,
            profile: JSON.stringify(projectProfile.parse({})),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (isUniqueViolation(error)) throw new DuplicateProjectError(input.code);
        throw error;
      }
      await trx
        .insertInto('prompts')
        .values(
          DEFAULT_PROMPTS.map((prompt) => ({
            project_id: created.id,
            name: prompt.name,
            type_name: prompt.type_name,
            messages: JSON.stringify(prompt.prompt),
            temperature: prompt.temperature,
          })),
        )
        .execute();
      if (dashboard) {
        const content = JSON.stringify(dashboard);
        await trx
          .insertInto('dashboards')
          .values({
            project_id: created.id,
            subject_id: '',
            draft: content,
            revision: 1,
            updated_by: userId,
          })
          .execute();
        await trx
          .insertInto('dashboard_versions')
          .values({
            project_id: created.id,
            subject_id: '',
            version: 1,
            content,
            published_by: userId,
          })
          .execute();
      }
      return created.id;
    });
  }

  async updateProject(id: string, change: { name?: string; disabled?: boolean }): Promise<void> {
    if (change.name === undefined && change.disabled === undefined) return;
    await this.db.updateTable('projects').set(change).where('id', '=', id).execute();
  }
}

function toCustomer(row: {
  id: string;
  code: string;
  name: string;
  disabled: boolean;
  created_at: Date;
  project_count: number;
}): AdminCustomer {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    disabled: row.disabled,
    createdAt: new Date(row.created_at).toISOString(),
    projectCount: Number(row.project_count),
  };
}

function toProject(row: {
  id: string;
  repository: string;
  code: string;
  name: string;
  disabled: boolean;
  created_at: Date;
  customer_id: string;
  customer_code: string;
  customer_name: string;
  member_count: number;
}): AdminProject {
  return {
    id: row.id,
    repository: row.repository,
    customerId: row.customer_id,
    customerCode: row.customer_code,
    customerName: row.customer_name,
    code: row.code,
    name: row.name,
    disabled: row.disabled,
    createdAt: new Date(row.created_at).toISOString(),
    memberCount: Number(row.member_count),
    path: projectPath({
      repository: row.repository,
      customer: row.customer_code,
      project: row.code,
    }),
  };
}
