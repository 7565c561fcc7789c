import { z } from 'zod';
import { ROLES } from '../constants.js';
import { slug } from '../location.js';
import { newPassword, newUsername, nickname } from '../user.js';

/**
 * Tenancy administration (super admins only), under `/api/v1/admin`:
 *
 * - `GET    /admin/tenancy`                              -> `AdminTenancy`
 * - `POST   /admin/customers`           `CreateCustomer` -> `AdminCustomer` (409: code taken)
 * - `PATCH  /admin/customers/:id`       `UpdateCustomer` -> `AdminCustomer`
 * - `GET    /admin/customers/:id/templates`              -> `TemplateListItem[]`
 * - `POST   /admin/projects`            `CreateProject`  -> `AdminProject` (409: code taken)
 * - `PATCH  /admin/projects/:id`        `UpdateProject`  -> `AdminProject`
 * - `GET    /admin/users?…`             `AdminUserQuery` -> `AdminUserPage`
 * - `POST   /admin/users`               `CreateUser`     -> `AdminUser` (409: username taken)
 * - `PATCH  /admin/users/:id`           `UpdateUser`     -> `AdminUser`
 * - `PUT    /admin/users/:id/projects/:projectId` `SetMembership` -> `AdminUser`
 * - `DELETE /admin/users/:id/projects/:projectId`                 -> `AdminUser`
 * - `GET    /admin/audit?…`             `AuditQuery`     -> `AuditPage` (see `audit.ts`)
 *
 * Customer and project codes are compared case-insensitively: `Demo` and `demo` are one code.
 * A disabled customer or project answers 403 to its members (super admins still open it).
 */

/** A customer or project code as it appears in the URL path. */
export const tenantCode = slug;

/** A row id (the store's UUIDs). */
export const entityId = z.uuid('必须是有效的 ID');

export const idParams = z.object({ id: entityId });
export const membershipParams = z.object({ id: entityId, projectId: entityId });

const tenantName = z.string().trim().min(1, '请输入名称').max(100);

export const adminCustomer = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  disabled: z.boolean(),
  createdAt: z.string(),
  projectCount: z.number().int(),
});
export type AdminCustomer = z.infer<typeof adminCustomer>;

export const adminProject = z.object({
  id: z.string(),
  repository: z.string(),
  customerId: z.string(),
  customerCode: z.string(),
  customerName: z.string(),
  code: z.string(),
  name: z.string(),
  /** The project's own flag; its members are also refused while its customer is disabled. */
  disabled: z.boolean(),
  createdAt: z.string(),
  memberCount: z.number().int(),
  /** The URL path that opens the project. */
  path: z.string(),
});
export type AdminProject = z.infer<typeof adminProject>;

/** `GET /admin/tenancy`: every repository (the distinct repositories of projects), customer and project. */
export const adminTenancy = z.object({
  repositories: z.array(z.string()),
  customers: z.array(adminCustomer),
  projects: z.array(adminProject),
});
export type AdminTenancy = z.infer<typeof adminTenancy>;

export const createCustomer = z.object({ code: tenantCode, name: tenantName });
export type CreateCustomer = z.infer<typeof createCustomer>;

/** Rename, disable or enable; fields left out stay as they are. */
export const updateCustomer = z.object({
  name: tenantName.optional(),
  disabled: z.boolean().optional(),
});
export type UpdateCustomer = z.infer<typeof updateCustomer>;

/** Where a new project's dashboard comes from. */
export const projectSource = z.discriminatedUnion('kind', [
  /** No dashboard yet: the project opens empty and its admins build one. */
  z.object({ kind: z.literal('empty') }),
  /** A customer's page-set template becomes the draft and published version 1. */
  z.object({
    kind: z.literal('template'),
    customerId: entityId,
    name: z.string().trim().min(1, '请选择模板').max(50),
  }),
  /**
   * Another project's profile, draft, newest published version and project data (and its
   * subjects when asked), as `POST /project_copy` copies them.
   */
  z.object({
    kind: z.literal('copy'),
    projectId: entityId,
    subjects: z.boolean().default(false),
  }),
]);
export type ProjectSource = z.infer<typeof projectSource>;

export const createProject = z.object({
  customerId: entityId,
  repository: slug,
  code: tenantCode,
  name: tenantName,
  source: projectSource.default({ kind: 'empty' }),
});
export type CreateProject = z.infer<typeof createProject>;
export type CreateProjectInput = z.input<typeof createProject>;

export const updateProject = z.object({
  name: tenantName.optional(),
  disabled: z.boolean().optional(),
});
export type UpdateProject = z.infer<typeof updateProject>;

export const adminMembership = z.object({
  projectId: z.string(),
  role: z.enum(ROLES),
});
export type AdminMembership = z.infer<typeof adminMembership>;

export const adminUser = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  disabled: z.boolean(),
  isSuperAdmin: z.boolean(),
  wxBound: z.boolean(),
  createdAt: z.string(),
  /** Projects the user is a member of (a super admin is an admin everywhere besides). */
  projects: z.array(adminMembership),
});
export type AdminUser = z.infer<typeof adminUser>;

/** Paged users; `q` matches username or nickname (case-insensitive substring). */
export const adminUserQuery = z.object({
  q: z.string().trim().max(64).optional(),
  projectId: entityId.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
export type AdminUserQuery = z.infer<typeof adminUserQuery>;

export const adminUserPage = z.object({
  total: z.number().int(),
  items: z.array(adminUser),
});
export type AdminUserPage = z.infer<typeof adminUserPage>;

export const createUser = z.object({
  username: newUsername,
  nickname,
  password: newPassword,
  isSuperAdmin: z.boolean().default(false),
  projects: z
    .array(adminMembership.extend({ projectId: entityId }))
    .max(500)
    .default([]),
});
export type CreateUser = z.infer<typeof createUser>;
export type CreateUserInput = z.input<typeof createUser>;

/**
 * Rename, disable or enable, reset the password, grant or take super admin; fields left out stay.
 * Disabling or a new password signs the user out everywhere. Nobody disables or demotes themself.
 */
export const updateUser = z.object({
  nickname: nickname.optional(),
  disabled: z.boolean().optional(),
  password: newPassword.optional(),
  isSuperAdmin: z.boolean().optional(),
});
export type UpdateUser = z.infer<typeof updateUser>;

export const setMembership = z.object({ role: z.enum(ROLES) });
export type SetMembership = z.infer<typeof setMembership>;
