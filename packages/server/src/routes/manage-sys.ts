import {
  MANAGE_CALLS,
  type MemberAction,
  type ProjectProfile,
  type ProjectSystemSettings,
} from '@yuqing/core';
import { hashPassword } from '../auth/password.js';
import { md5Hex } from '../auth/tokens.js';
import type { ProjectAccess } from '../auth/access.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import type { Store } from '../store/index.js';
import { placeTarget } from './audit.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

/**
 * System configuration is for super admins, and belongs to a project, never to a subject: more
 * than the project admin the call's access grants.
 */
function requireSystemAccess(member: ProjectAccess): ProjectAccess {
  if (!member.viewer.user.isSuperAdmin) throw forbidden('需要超级管理员权限');
  if (member.subject) throw badRequest('subject_id: 专题没有系统配置，请在项目中配置');
  return member;
}

function presentSettings(profile: ProjectProfile): ProjectSystemSettings {
  const {
    loginTypes,
    scene,
    icp,
    primaryColor,
    tendencies,
    medias,
    highlight_keyword,
    discard_word,
    excludePath,
    showDownloadJobList,
  } = profile;
  return {
    loginTypes,
    scene,
    icp,
    primaryColor,
    tendencies,
    medias,
    highlight_keyword,
    discard_word,
    excludePath,
    showDownloadJobList,
  };
}

/** A new account for an added member; one added by a concurrent request is taken as existing. */
async function createAccount(
  store: Store,
  action: Extract<MemberAction, { action: 'add' }>,
): Promise<string> {
  if (!action.password) throw badRequest('password: 请设置初始密码');
  const created = await store.users.createUnlessTaken({
    username: action.username,
    nickname: action.nickname,
    password_hash: await hashPassword(md5Hex(action.password)),
    wx_openid: null,
  });
  if (created) return created;
  const taken = await store.users.findByUsername(action.username);
  if (!taken) throw conflict('username: 用户名正被占用，请稍后重试');
  return taken.id;
}

/** What a member action did, for the audit log (the console's actions on users; no password). */
interface MemberChange {
  action: 'membership.set' | 'membership.remove' | 'user.update' | 'user.create';
  user: { id: string; username: string };
  details: Record<string, unknown>;
}

/** Applies a member action to the project; the caller is a super admin. */
async function applyMemberAction(
  store: Store,
  { project, viewer }: ProjectAccess,
  action: MemberAction,
): Promise<MemberChange[]> {
  const where = { projectId: project.id };
  if (action.action === 'add') {
    // An existing account only joins the project: its name and password stay its own.
    const existing = await store.users.findByUsername(action.username);
    const from = existing
      ? ((await store.tenancy.findRole(existing.id, project.id)) ?? null)
      : null;
    const id = existing?.id ?? (await createAccount(store, action));
    await store.tenancy.setRole(id, project.id, action.role);
    const user = { id, username: action.username };
    const set: MemberChange = {
      action: 'membership.set',
      user,
      details: { ...where, role: { from, to: action.role } },
    };
    if (existing) return [set];
    return [{ action: 'user.create', user, details: { nickname: action.nickname } }, set];
  }

  const self = action.userId === viewer.user.id;
  const role = await store.tenancy.findRole(action.userId, project.id);
  if (!role) throw notFound('userId: 该用户不是本项目成员');
  const member = await store.users.findById(action.userId);
  const user = { id: action.userId, username: member?.username ?? action.userId };
  switch (action.action) {
    case 'role':
      if (self && action.role !== 'admin') throw badRequest('role: 不能取消自己的管理员权限');
      await store.tenancy.setRole(action.userId, project.id, action.role);
      return [
        {
          action: 'membership.set',
          user,
          details: { ...where, role: { from: role, to: action.role } },
        },
      ];
    case 'disable':
      if (self && action.disabled) throw badRequest('disabled: 不能停用自己的账号');
      await store.users.setDisabled(action.userId, action.disabled);
      if (action.disabled) await store.sessions.revokeAllOfUser(action.userId);
      return [{ action: 'user.update', user, details: { disabled: action.disabled } }];
    case 'reset_password':
      await store.users.setPasswordHash(action.userId, await hashPassword(md5Hex(action.password)));
      // Whoever knew the old password is signed out; the caller keeps their own session.
      if (!self) await store.sessions.revokeAllOfUser(action.userId);
      return [{ action: 'user.update', user, details: { password: 'reset' } }];
    case 'remove':
      await store.tenancy.removeMember(action.userId, project.id);
      return [{ action: 'membership.remove', user, details: { ...where, role } }];
  }
}

/** The settings a save changed, by name (no setting is a secret). */
function changedSettings(before: ProjectSystemSettings, after: ProjectSystemSettings): string[] {
  return (Object.keys(after) as (keyof ProjectSystemSettings)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}

/** The project's members, the caller marked `self` (their own row takes no actions). */
async function membersSeenBy(store: RouteContext['store'], target: ProjectAccess) {
  const members = await store.tenancy.listMembers(target.project.id);
  return members.map((member) => ({ ...member, self: member.id === target.viewer.user.id }));
}

/** System configuration of a project (super admins, non-subject projects). */
export function manageSysRoutes(api: Api, { store, access, audit }: RouteContext) {
  route(api, MANAGE_CALLS.system, async ({ member }) => {
    const target = requireSystemAccess(member);
    return ok({
      settings: presentSettings(target.project.profile),
      members: await membersSeenBy(store, target),
    });
  });

  route(api, MANAGE_CALLS.saveSystem, async ({ request, member, body }) => {
    const target = requireSystemAccess(member);
    const { project } = target;
    const profile = { ...project.profile, ...body };
    await store.tenancy.updateProfile(project.id, profile);
    const changed = changedSettings(presentSettings(project.profile), presentSettings(profile));
    access.forgetAccess();
    await audit(request, target, 'project.settings', placeTarget(target), { changed });
    return ok(presentSettings(profile));
  });

  route(api, MANAGE_CALLS.changeMember, async ({ request, member, body }) => {
    const target = requireSystemAccess(member);
    const changes = await applyMemberAction(store, target, body);
    access.forgetAccess();
    for (const { action, user, details } of changes) {
      await audit(
        request,
        target,
        action,
        { type: 'user', id: user.id, name: user.username },
        details,
      );
    }
    return ok(await membersSeenBy(store, target));
  });
}
