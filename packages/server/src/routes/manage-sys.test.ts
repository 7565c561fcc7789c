import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectMember, ProjectSystemSettings } from '@yuqing/core';
import { openTestApp, scopeQuery, signIn, projectCaller } from '../../test/app.js';
import { buildProject, buildUser, type BuiltProject } from '../../test/factories.js';
import { expectRoleMatrix, signInRoles, type RoleFixture } from '../../test/roles.js';
import { testStoreKinds } from '../../test/stores.js';

const settings: ProjectSystemSettings = {
  loginTypes: ['pw', 'wx'],
  scene: '汽车',
  icp: '京ICP备3号',
  primaryColor: '#41B748',
  tendencies: ['正面', '负面'],
  medias: [{ name: '华夏日报', code: 'hxrb' }],
  highlight_keyword: '星河\n星河S7',
  discard_word: ['转发微博'],
  excludePath: ['/广告'],
  showDownloadJobList: true,
};

describe.each(testStoreKinds())('system configuration routes on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let roles: RoleFixture;

  beforeAll(async () => {
    ctx = await openTestApp(kind);
    project = await buildProject(ctx.store, { profile: { icp: '旧', timezone: 'Asia/Tokyo' } });
    await ctx.store.tenancy.createSubject({
      id: 'launch',
      projectId: project.id,
      name: '新品发布',
      tendencies: ['正面'],
    });
    roles = await signInRoles(ctx.app, ctx.store, project);
  });
  afterAll(() => ctx.close());

  const call = (...args: Parameters<ReturnType<typeof projectCaller>>) =>
    projectCaller(ctx.app, project)(...args);
  const member = (payload: object, cookie = roles.cookies.superAdmin) =>
    call('POST', '/project_sys/member', cookie, { payload });
  const members = async (): Promise<ProjectMember[]> =>
    (await call('GET', '/project_sys', roles.cookies.superAdmin)).json().data.members;
  const login = (username: string, password: string) => signIn(ctx.app, { username, password });

  describe('settings', () => {
    it('reads the settings from the profile and writes them, keeping other profile fields', async () => {
      const before = await call('GET', '/project_sys', roles.cookies.superAdmin);
      expect(before.statusCode).toBe(200);
      expect(before.json().data.settings).toMatchObject({
        icp: '旧',
        loginTypes: ['pw'],
        tendencies: ['正面', '中性', '负面'],
      });
      const saved = await call('POST', '/project_sys', roles.cookies.superAdmin, {
        payload: settings,
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data).toEqual(settings);
      expect(
        (await call('GET', '/project_sys', roles.cookies.superAdmin)).json().data.settings,
      ).toEqual(settings);
      const stored = await ctx.store.tenancy.findProject(project);
      expect(stored?.profile).toMatchObject({ ...settings, timezone: 'Asia/Tokyo' });
      // The sign-in page and the project answer see the new settings.
      const info = await call('GET', '/project_info', '');
      expect(info.json().data.config).toMatchObject({ icp: '京ICP备3号', primaryColor: '#41B748' });
    });

    it('refuses invalid settings, naming the field', async () => {
      const noLogin = await call('POST', '/project_sys', roles.cookies.superAdmin, {
        payload: { ...settings, loginTypes: [] },
      });
      expect(noLogin.statusCode).toBe(400);
      expect(noLogin.json().msg).toMatch(/^loginTypes: 至少保留一种登录方式/);
      const color = await call('POST', '/project_sys', roles.cookies.superAdmin, {
        payload: { ...settings, primaryColor: 'green' },
      });
      expect(color.statusCode).toBe(400);
      expect(color.json().msg).toMatch(/^primaryColor:/);
    });

    it('is for super admins only, and never on a subject', async () => {
      await expectRoleMatrix(roles, (cookie) => call('GET', '/project_sys', cookie), {
        admin: 403,
        superAdmin: 200,
      });
      await expectRoleMatrix(
        roles,
        (cookie) => call('POST', '/project_sys', cookie, { payload: settings }),
        { admin: 403, superAdmin: 200 },
      );
      const admin = await call('GET', '/project_sys', roles.cookies.admin);
      expect(admin.json().msg).toBe('需要超级管理员权限');
      const subject = await call('GET', '/project_sys', roles.cookies.superAdmin, {
        query: scopeQuery(project, 'launch'),
      });
      expect(subject.statusCode).toBe(400);
      expect(subject.json().msg).toMatch(/^subject_id: 专题没有系统配置/);
      const subjectPost = await call('POST', '/project_sys', roles.cookies.superAdmin, {
        query: scopeQuery(project, 'launch'),
        payload: settings,
      });
      expect(subjectPost.statusCode).toBe(400);
    });
  });

  describe('members', () => {
    it('lists the members with their accounts', async () => {
      const list = await members();
      expect(list).toContainEqual({
        id: roles.users.admin.id,
        username: roles.users.admin.username,
        nickname: `昵称${roles.users.admin.username}`,
        role: 'admin',
        disabled: false,
        isSuperAdmin: false,
        wxBound: false,
        self: false,
      });
      expect(list.map((m) => m.id)).toContain(roles.users.viewer.id);
      // Not a member here: the other customer's admin, and the super admin (who is not a member).
      expect(list.map((m) => m.id)).not.toContain(roles.users.outsider.id);
      expect(list.map((m) => m.id)).not.toContain(roles.users.superAdmin.id);
    });

    it("marks the caller's own row", async () => {
      const response = await member({
        action: 'add',
        username: roles.users.superAdmin.username,
        nickname: '任意',
        role: 'admin',
      });
      const own = (response.json().data as { id: string; self: boolean }[]).filter((m) => m.self);
      expect(own.map((m) => m.id)).toEqual([roles.users.superAdmin.id]);
      await member({ action: 'remove', userId: roles.users.superAdmin.id });
    });

    it('adds a new account with a password, who can then sign in', async () => {
      const response = await member({
        action: 'add',
        username: 'new.user',
        nickname: '新用户',
        role: 'viewer',
        password: 'secret-123',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toContainEqual(
        expect.objectContaining({ username: 'new.user', nickname: '新用户', role: 'viewer' }),
      );
      const { response: signedIn, cookie } = await login('new.user', 'secret-123');
      expect(signedIn.statusCode).toBe(200);
      const opened = await call('GET', '/project', cookie);
      expect(opened.statusCode).toBe(200);
    });

    it('asks for a password for a new account', async () => {
      const response = await member({
        action: 'add',
        username: 'no.password',
        nickname: '无密码',
        role: 'viewer',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe('password: 请设置初始密码');
      expect(await ctx.store.users.findByUsername('no.password')).toBeUndefined();
      const short = await member({
        action: 'add',
        username: 'short',
        nickname: '短',
        role: 'viewer',
        password: '123',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().msg).toMatch(/^password: 密码至少 8 位/);
    });

    it('adds an existing account by username without touching its password', async () => {
      const existing = await buildUser(ctx.store, { project: roles.other, role: 'viewer' });
      const response = await member({
        action: 'add',
        username: existing.username,
        nickname: '不改',
        role: 'admin',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toContainEqual(
        expect.objectContaining({
          id: existing.id,
          role: 'admin',
          nickname: `昵称${existing.username}`,
        }),
      );
      expect((await login(existing.username, existing.password)).response.statusCode).toBe(200);
    });

    it('adds one account when the same new username is added at once', async () => {
      const username = `race-${Date.now()}`;
      const responses = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          member({
            action: 'add',
            username,
            nickname: `并发${i}`,
            role: 'viewer',
            password: `password-${i}`,
          }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200]);
      expect((await members()).filter((row) => row.username === username)).toHaveLength(1);
    });

    it('changes a role', async () => {
      const user = await buildUser(ctx.store, { project, role: 'viewer' });
      const { cookie } = await login(user.username, user.password);
      const manage = { query: { ...scopeQuery(project), type: 'manage' } };
      expect((await call('GET', '/project', cookie, manage)).statusCode).toBe(403);
      const response = await member({ action: 'role', userId: user.id, role: 'admin' });
      expect(response.json().data).toContainEqual(
        expect.objectContaining({ id: user.id, role: 'admin' }),
      );
      expect((await call('GET', '/project', cookie, manage)).statusCode).toBe(200);
    });

    it('disables an account: its sessions end and it cannot sign in; enabling restores it', async () => {
      const user = await buildUser(ctx.store, { project, role: 'viewer' });
      const { cookie } = await login(user.username, user.password);
      const response = await member({ action: 'disable', userId: user.id, disabled: true });
      expect(response.json().data).toContainEqual(
        expect.objectContaining({ id: user.id, disabled: true }),
      );
      expect((await call('GET', '/project', cookie)).statusCode).toBe(410);
      const refused = await login(user.username, user.password);
      expect(refused.response.statusCode).toBe(403);
      expect(refused.response.json().msg).toBe('账号已停用');
      await member({ action: 'disable', userId: user.id, disabled: false });
      expect((await login(user.username, user.password)).response.statusCode).toBe(200);
    });

    it('resets a password: the new one signs in, the old one and old sessions do not', async () => {
      const user = await buildUser(ctx.store, { project, role: 'viewer' });
      const { cookie } = await login(user.username, user.password);
      const response = await member({
        action: 'reset_password',
        userId: user.id,
        password: 'brand-new-pw',
      });
      expect(response.statusCode).toBe(200);
      expect((await call('GET', '/project', cookie)).statusCode).toBe(410);
      expect((await login(user.username, user.password)).response.statusCode).toBe(401);
      expect((await login(user.username, 'brand-new-pw')).response.statusCode).toBe(200);
    });

    it('removes a membership only', async () => {
      const user = await buildUser(ctx.store, { project, role: 'viewer' });
      const response = await member({ action: 'remove', userId: user.id });
      expect(response.json().data.map((m: ProjectMember) => m.id)).not.toContain(user.id);
      const { response: signedIn, cookie } = await login(user.username, user.password);
      expect(signedIn.statusCode).toBe(200);
      expect((await call('GET', '/project', cookie)).statusCode).toBe(403);
      const again = await member({ action: 'remove', userId: user.id });
      expect(again.statusCode).toBe(404);
    });

    it('never lets a super admin disable or demote themselves', async () => {
      const self = roles.users.superAdmin;
      await ctx.store.tenancy.setRole(self.id, project.id, 'admin');
      const disable = await member({ action: 'disable', userId: self.id, disabled: true });
      expect(disable.statusCode).toBe(400);
      expect(disable.json().msg).toBe('disabled: 不能停用自己的账号');
      const demote = await member({ action: 'role', userId: self.id, role: 'viewer' });
      expect(demote.statusCode).toBe(400);
      expect(demote.json().msg).toBe('role: 不能取消自己的管理员权限');
      const user = await ctx.store.users.findById(self.id);
      expect(user?.disabled).toBe(false);
      expect(await ctx.store.tenancy.findRole(self.id, project.id)).toBe('admin');
      await ctx.store.tenancy.removeMember(self.id, project.id);
    });

    it('acts only on members of this project', async () => {
      const stranger = await buildUser(ctx.store, { project: roles.other, role: 'viewer' });
      for (const payload of [
        { action: 'role', userId: stranger.id, role: 'admin' },
        { action: 'disable', userId: stranger.id, disabled: true },
        { action: 'reset_password', userId: stranger.id, password: 'whatever-123' },
      ]) {
        const response = await member(payload);
        expect(response.statusCode).toBe(404);
      }
      expect((await login(stranger.username, stranger.password)).response.statusCode).toBe(200);
    });

    it('refuses a user id that is no UUID, naming the field', async () => {
      for (const action of ['role', 'disable', 'reset_password', 'remove']) {
        const response = await member({
          action,
          userId: 'not-a-uuid',
          role: 'admin',
          disabled: true,
          password: 'whatever-123',
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().msg).toBe('userId: 不是有效的用户 ID');
      }
    });

    it('is for super admins only, and never on a subject', async () => {
      const target = await buildUser(ctx.store, { project, role: 'viewer' });
      await expectRoleMatrix(
        roles,
        (cookie) => member({ action: 'role', userId: target.id, role: 'viewer' }, cookie),
        { admin: 403, superAdmin: 200 },
      );
      const subject = await call('POST', '/project_sys/member', roles.cookies.superAdmin, {
        query: scopeQuery(project, 'launch'),
        payload: { action: 'role', userId: target.id, role: 'admin' },
      });
      expect(subject.statusCode).toBe(400);
      expect(await ctx.store.tenancy.findRole(target.id, project.id)).toBe('viewer');
    });
  });
});
