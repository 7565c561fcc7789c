import {
  adminCustomer,
  adminProject,
  adminTenancy,
  adminUser,
  adminUserPage,
  auditPage,
  loginLockoutList,
  templateListItem,
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
import { request } from './client';

/*
 * Tenancy administration (super admins, `/admin/…`). Changes are quiet: the console says what
 * went wrong beside the form or action that caused it.
 */

/** `GET /admin/tenancy`: every repository, customer and project. */
export function fetchTenancy(): Promise<AdminTenancy> {
  return request('/admin/tenancy', adminTenancy);
}

export function createCustomer(body: CreateCustomer): Promise<AdminCustomer> {
  return request('/admin/customers', adminCustomer, { method: 'POST', body, quiet: true });
}

export function updateCustomer(id: string, body: UpdateCustomer): Promise<AdminCustomer> {
  return request(`/admin/customers/${id}`, adminCustomer, { method: 'PATCH', body, quiet: true });
}

/** The page-set templates a customer's projects share. */
export function fetchCustomerTemplates(customerId: string): Promise<TemplateListItem[]> {
  return request(`/admin/customers/${customerId}/templates`, templateListItem.array());
}

export function createProject(body: CreateProjectInput): Promise<AdminProject> {
  return request('/admin/projects', adminProject, { method: 'POST', body, quiet: true });
}

export function updateProject(id: string, body: UpdateProject): Promise<AdminProject> {
  return request(`/admin/projects/${id}`, adminProject, { method: 'PATCH', body, quiet: true });
}

export interface UserFilter {
  q?: string;
  projectId?: string;
  page: number;
  size: number;
}

export function fetchUsers(filter: UserFilter): Promise<AdminUserPage> {
  return request('/admin/users', adminUserPage, { params: { ...filter } });
}

export function createUser(body: CreateUserInput): Promise<AdminUser> {
  return request('/admin/users', adminUser, { method: 'POST', body, quiet: true });
}

export function updateUser(id: string, body: UpdateUser): Promise<AdminUser> {
  return request(`/admin/users/${id}`, adminUser, { method: 'PATCH', body, quiet: true });
}

/** Makes the user a member of the project with `role`, or changes their role there. */
export function setMembership(userId: string, projectId: string, role: Role): Promise<AdminUser> {
  return request(`/admin/users/${userId}/projects/${projectId}`, adminUser, {
    method: 'PUT',
    body: { role },
    quiet: true,
  });
}

export function removeMembership(userId: string, projectId: string): Promise<AdminUser> {
  return request(`/admin/users/${userId}/projects/${projectId}`, adminUser, {
    method: 'DELETE',
    quiet: true,
  });
}

/** `GET /admin/audit`: administrative actions, newest first. */
export function fetchAudit(query: AuditQuery): Promise<AuditPage> {
  return request('/admin/audit', auditPage, { params: { ...query } });
}

/** `GET /admin/login_lockouts`: the newest sign-in lockouts and slow-downs. */
export async function fetchLoginLockouts(): Promise<LoginLockout[]> {
  return (await request('/admin/login_lockouts', loginLockoutList)).list;
}
