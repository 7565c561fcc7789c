import { ADMIN_CALLS } from '@yuqing/core';
import { hashPassword } from '../auth/password.js';
import { md5Hex } from '../auth/tokens.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { DuplicateUsernameError, UnknownProjectError } from '../store/index.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

/** Passwords arrive as typed; the store keeps scrypt of their MD5, as a sign-in presents it. */
const passwordHashOf = (password: string) => hashPassword(md5Hex(password));

/** Users across projects: list, create, disable, reset passwords, roles, super admin (super admins). */
export function adminUserRoutes(api: Api, { store, access, audit }: RouteContext) {
  const findUser = async (id: string) => {
    const user = await store.adminUsers.find(id);
    if (!user) throw notFound('用户不存在');
    return user;
  };

  route(api, ADMIN_CALLS.users, async ({ query }) => ok(await store.adminUsers.page(query)));

  route(api, ADMIN_CALLS.createUser, async ({ request, viewer, body }) => {
    const { password, ...user } = body;
    let id: string;
    try {
      id = await store.adminUsers.create({
        ...user,
        passwordHash: await passwordHashOf(password),
      });
    } catch (error) {
      if (error instanceof DuplicateUsernameError) throw conflict('username: 用户名已存在');
      if (error instanceof UnknownProjectError) throw notFound('projects: 项目不存在');
      throw error;
    }
    access.forgetAccess();
    const created = await findUser(id);
    const target = { type: 'user' as const, id, name: created.username };
    await audit(request, viewer, 'user.create', target, {
      nickname: created.nickname,
      isSuperAdmin: created.isSuperAdmin,
      projects: created.projects,
    });
    return ok(created);
  });

  route(api, ADMIN_CALLS.updateUser, async ({ request, viewer, params, body }) => {
    const before = await findUser(params.id);
    const { nickname, disabled, password, isSuperAdmin } = body;
    const self = before.id === viewer.user.id;
    if (self && disabled) throw badRequest('disabled: 不能停用自己的账号');
    if (self && isSuperAdmin === false) {
      throw badRequest('isSuperAdmin: 不能取消自己的超级管理员权限');
    }

    const details: Record<string, unknown> = {};
    if (nickname !== undefined && nickname !== before.nickname) {
      details.nickname = { from: before.nickname, to: nickname };
    }
    if (disabled !== undefined && disabled !== before.disabled) details.disabled = disabled;
    if (isSuperAdmin !== undefined && isSuperAdmin !== before.isSuperAdmin) {
      details.isSuperAdmin = isSuperAdmin;
    }
    if (password !== undefined) details.password = 'reset';
    if (Object.keys(details).length === 0) return ok(before);

    await store.adminUsers.update(before.id, {
      nickname,
      disabled,
      isSuperAdmin,
      passwordHash: password === undefined ? undefined : await passwordHashOf(password),
    });
    // Whoever knew the old password is signed out; the caller keeps their own session.
    if (disabled || (password !== undefined && !self)) {
      await store.sessions.revokeAllOfUser(before.id);
    }
    access.forgetAccess();
    const target = { type: 'user' as const, id: before.id, name: before.username };
    await audit(request, viewer, 'user.update', target, details);
    return ok(await findUser(before.id));
  });

  route(api, ADMIN_CALLS.setMembership, async ({ request, viewer, params, body }) => {
    const user = await findUser(params.id);
    const project = await store.adminTenancy.project(params.projectId);
    if (!project) throw notFound('项目不存在');
    const { role } = body;
    const from = user.projects.find((entry) => entry.projectId === project.id)?.role ?? null;
    if (from === role) return ok(user);
    await store.tenancy.setRole(user.id, project.id, role);
    const target = { type: 'user' as const, id: user.id, name: user.username };
    access.forgetAccess();
    await audit(request, { viewer, project }, 'membership.set', target, {
      projectId: project.id,
      project: project.path,
      role: { from, to: role },
    });
    return ok(await findUser(user.id));
  });

  route(api, ADMIN_CALLS.removeMembership, async ({ request, viewer, params }) => {
    const user = await findUser(params.id);
    const project = await store.adminTenancy.project(params.projectId);
    if (!project) throw notFound('项目不存在');
    if (!(await store.tenancy.removeMember(user.id, project.id))) {
      throw notFound('该用户不是此项目的成员');
    }
    const target = { type: 'user' as const, id: user.id, name: user.username };
    access.forgetAccess();
    await audit(request, { viewer, project }, 'membership.remove', target, {
      projectId: project.id,
      project: project.path,
    });
    return ok(await findUser(user.id));
  });
}
