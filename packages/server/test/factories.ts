import { projectProfile, type ProjectProfile, type Role } from '@yuqing/core';
import { hashPassword } from '../src/auth/password.js';
import { md5Hex } from '../src/auth/tokens.js';
import type { Store } from '../src/store/index.js';

let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}${Date.now().toString(36)}`;

export interface BuiltProject {
  id: string;
  repository: string;
  customer: string;
  project: string;
}

export async function buildProject(
  store: Store,
  options: { customer?: string; project?: string; profile?: Partial<ProjectProfile> } = {},
): Promise<BuiltProject> {
  const customer = options.customer ?? unique('cust');
  const customerId = await store.tenancy.createCustomer(customer, `客户${customer}`);
  const project = options.project ?? unique('proj');
  const id = await store.tenancy.createProject({
    customerId,
    repository: 'yuqing',
    code: project,
    name: `项目${project}`,
    profile: projectProfile.parse(options.profile ?? {}),
  });
  return { id, repository: 'yuqing', customer, project };
}

export interface BuiltUser {
  id: string;
  username: string;
  password: string;
}

export async function buildUser(
  store: Store,
  options: {
    role?: Role;
    project?: BuiltProject;
    superAdmin?: boolean;
    disabled?: boolean;
    wxOpenid?: string;
  } = {},
): Promise<BuiltUser> {
  const username = unique('user');
  const password = `pw-${username}`;
  const id = await store.users.create({
    username,
    nickname: `昵称${username}`,
    password_hash: await hashPassword(md5Hex(password)),
    wx_openid: options.wxOpenid ?? null,
    is_super_admin: options.superAdmin ?? false,
    disabled: options.disabled ?? false,
  });
  if (options.project)
    await store.tenancy.setRole(id, options.project.id, options.role ?? 'viewer');
  return { id, username, password };
}
