import {
  ADMIN_CALLS,
  type AdminCustomer,
  type AdminProject,
  type AdminTenancy,
  type AdminUser,
  type AdminUserPage,
  type AuditPage,
  type AuditQuery,
  type CreateCustomer,
  type CreateProjectInput,
  type CreateUserInput,
  type LoginLockout,
  type Role,
  type TemplateListItem,
  type UpdateCustomer,
  type UpdateProject,
  type UpdateUser,
} from '@yuqing/core';
import { call } from './call';

/*
 * Tenancy administration (super admins, `/admin/…`). Changes are quiet: the console says what
 * went wrong beside the form or action that caused it.
 */

/** `GET /admin/tenancy`: every repository, customer and project. */
export function fetchTenancy(): Promise<AdminTenancy> {
  return call(ADMIN_CALLS.tenancy);
}

export function createCustomer(body: CreateCustomer): Promise<AdminCustomer> {
  return call(ADMIN_CALLS.createCustomer, { body }, { quiet: true });
}

export function updateCustomer(id: string, body: UpdateCustomer): Promise<AdminCustomer> {
  return call(ADMIN_CALLS.updateCustomer, { params: { id }, body }, { quiet: true });
}

/** The page-set templates a customer's projects share. */
export function fetchCustomerTemplates(customerId: string): Promise<TemplateListItem[]> {
  return call(ADMIN_CALLS.customerTemplates, { params: { id: customerId } });
}

export function createProject(body: CreateProjectInput): Promise<AdminProject> {
  return call(ADMIN_CALLS.createProject, { body }, { quiet: true });
}

export function updateProject(id: string, body: UpdateProject): Promise<AdminProject> {
  return call(ADMIN_CALLS.updateProject, { params: { id }, body }, { quiet: true });
}

export interface UserFilter {
  q?: string;
  projectId?: string;
  page: number;
  size: number;
}

export function fetchUsers(filter: UserFilter): Promise<AdminUserPage> {
  return call(ADMIN_CALLS.users, { query: { ...filter } });
}

export function createUser(body: CreateUserInput): Promise<AdminUser> {
  return call(ADMIN_CALLS.createUser, { body }, { quiet: true });
}

export function updateUser(id: string, body: UpdateUser): Promise<AdminUser> {
  return call(ADMIN_CALLS.updateUser, { params: { id }, body }, { quiet: true });
}

/** Makes the user a member of the project with `role`, or changes their role there. */
export function setMembership(userId: string, projectId: string, role: Role): Promise<AdminUser> {
  return call(
    ADMIN_CALLS.setMembership,
    { params: { id: userId, projectId }, body: { role } },
    { quiet: true },
  );
}

export function removeMembership(userId: string, projectId: string): Promise<AdminUser> {
  return call(ADMIN_CALLS.removeMembership, { params: { id: userId, projectId } }, { quiet: true });
}

/** `GET /admin/audit`: administrative actions, newest first. */
export function fetchAudit(query: AuditQuery): Promise<AuditPage> {
  return call(ADMIN_CALLS.audit, { query: { ...query } });
}

/** `GET /admin/login_lockouts`: the newest sign-in lockouts and slow-downs. */
export async function fetchLoginLockouts(): Promise<LoginLockout[]> {
  return (await call(ADMIN_CALLS.loginLockouts)).list;
}
