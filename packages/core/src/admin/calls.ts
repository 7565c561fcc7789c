import { z } from 'zod';
import { defineCall } from '../calls/call.js';
import { templateListItem } from '../manage/templates.js';
import { auditPage, auditQuery } from './audit.js';
import { loginLockoutList } from './login-lockouts.js';
import {
  adminCustomer,
  adminProject,
  adminTenancy,
  adminUser,
  adminUserPage,
  adminUserQuery,
  createCustomer,
  createProject,
  createUser,
  idParams,
  membershipParams,
  setMembership,
  updateCustomer,
  updateProject,
  updateUser,
} from './tenancy.js';

const tags = ['admin'];

/**
 * Tenancy administration (super admins, `/admin/…`): customers and projects, users and their
 * roles, the audit log and the sign-in lockouts.
 */
export const ADMIN_CALLS = {
  tenancy: defineCall({
    method: 'GET',
    path: '/admin/tenancy',
    access: 'super-admin',
    summary: 'Every repository, customer and project, with disabled state and counts',
    tags,
    answer: adminTenancy,
  }),
  createCustomer: defineCall({
    method: 'POST',
    path: '/admin/customers',
    access: 'super-admin',
    summary: 'Create a customer (its code unique whatever its case)',
    tags,
    body: createCustomer,
    answer: adminCustomer,
  }),
  updateCustomer: defineCall({
    method: 'PATCH',
    path: '/admin/customers/:id',
    access: 'super-admin',
    summary: "Rename a customer, or disable or enable it (its projects' members get 403)",
    tags,
    params: idParams,
    body: updateCustomer,
    answer: adminCustomer,
  }),
  customerTemplates: defineCall({
    method: 'GET',
    path: '/admin/customers/:id/templates',
    access: 'super-admin',
    summary: "The customer's page-set templates, to create a project from",
    tags,
    params: idParams,
    answer: z.array(templateListItem),
  }),
  createProject: defineCall({
    method: 'POST',
    path: '/admin/projects',
    access: 'super-admin',
    summary:
      "Create a project of a customer: empty, from a template, or a copy of another project's settings and dashboards",
    tags,
    body: createProject,
    answer: adminProject,
  }),
  updateProject: defineCall({
    method: 'PATCH',
    path: '/admin/projects/:id',
    access: 'super-admin',
    summary: 'Rename a project, or disable or enable it (its members get 403)',
    tags,
    params: idParams,
    body: updateProject,
    answer: adminProject,
  }),
  users: defineCall({
    method: 'GET',
    path: '/admin/users',
    access: 'super-admin',
    summary: 'Users with their projects and roles, by username, paged',
    tags,
    query: adminUserQuery,
    answer: adminUserPage,
  }),
  createUser: defineCall({
    method: 'POST',
    path: '/admin/users',
    access: 'super-admin',
    summary: 'Create a user with a password, and optionally roles in projects',
    tags,
    body: createUser,
    answer: adminUser,
  }),
  updateUser: defineCall({
    method: 'PATCH',
    path: '/admin/users/:id',
    access: 'super-admin',
    summary:
      'Rename, disable or enable, reset the password, or grant or take super admin; disabling and a new password sign the user out',
    tags,
    params: idParams,
    body: updateUser,
    answer: adminUser,
  }),
  setMembership: defineCall({
    method: 'PUT',
    path: '/admin/users/:id/projects/:projectId',
    access: 'super-admin',
    summary: "Set the user's role in a project (adding them to it)",
    tags,
    params: membershipParams,
    body: setMembership,
    answer: adminUser,
  }),
  removeMembership: defineCall({
    method: 'DELETE',
    path: '/admin/users/:id/projects/:projectId',
    access: 'super-admin',
    summary: 'Remove the user from a project',
    tags,
    params: membershipParams,
    answer: adminUser,
  }),
  audit: defineCall({
    method: 'GET',
    path: '/admin/audit',
    access: 'super-admin',
    summary: 'Administrative actions on customers, projects and users, newest first, paged',
    tags,
    query: auditQuery,
    answer: auditPage,
  }),
  loginLockouts: defineCall({
    method: 'GET',
    path: '/admin/login_lockouts',
    access: 'super-admin',
    summary:
      'The newest sign-in lockouts: addresses locked and accounts slowed down (super admins)',
    tags,
    answer: loginLockoutList,
  }),
};
