import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '@yuqing/core';
import { openTestApp, scopeQuery, signIn, type TestApp } from '../../test/app.js';
import { buildProject, buildUser, type BuiltProject } from '../../test/factories.js';
import { expectRoleMatrix, signInRoles, withCookie, type RoleFixture } from '../../test/roles.js';
import { testStoreKinds } from '../../test/stores.js';

describe.each(testStoreKinds())('user administration routes on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let app: TestApp;
  let project: BuiltProject;
  let roles: RoleFixture;

  beforeAll(async () => {
    ctx = await openTestApp(kind);
    app = ctx.app;
    project = await buildProject(ctx.store);
    roles = await signInRoles(app, ctx.store, project);
  });
  afterAll(() => ctx.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    cookie = roles.cookies.superAdmin,
  ) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: withCookie(cookie),
      ...(payload && { payload }),
    });
  const createUser = async (username: string, extra: object = {}): Promise<AdminUser> => {
    const response = await call('POST', '/admin/users', {
      username,
      nickname: `昵称 ${username}`,
      password: 'secret-123',
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const opensProject = async (cookie: string) =>
    (
      await app.inject({
        method: 'GET',
        url: '/api/v1/project',
        query: scopeQuery(project),
        headers: withCookie(cookie),
      })
    ).statusCode;

  it('is for super admins only', async () => {
    const user = await buildUser(ctx.store);
    const calls: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', '/admin/users'],
      ['POST', '/admin/users', { username: 'matrix', nickname: '矩阵', password: 'secret-123' }],
      ['PATCH', `/admin/users/${user.id}`, { nickname: '改名' }],
      ['PUT', `/admin/users/${user.id}/projects/${project.id}`, { role: 'viewer' }],
      ['DELETE', `/admin/users/${user.id}/projects/${project.id}`],
    ];
    for (const [method, url, payload] of calls) {
      await expectRoleMatrix(roles, (cookie) => call(method, url, payload, cookie), {
        admin: 403,
        superAdmin: 200,
      });
    }
  });

  it('creates a user who can sign in and open their project; a taken username is 409', async () => {
    const created = await createUser('li.lei', {
      projects: [{ projectId: project.id, role: 'viewer' }],
    });
    expect(created).toMatchObject({
      username: 'li.lei',
      disabled: false,
      isSuperAdmin: false,
      projects: [{ projectId: project.id, role: 'viewer' }],
    });
    const { cookie } = await signIn(app, { username: 'li.lei', password: 'secret-123' });
    expect(await opensProject(cookie)).toBe(200);

    const taken = await call('POST', '/admin/users', {
      username: 'li.lei',
      nickname: '重复',
      password: 'secret-123',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('username: 用户名已存在');

    const unknownProject = await call('POST', '/admin/users', {
      username: 'han.meimei',
      nickname: '韩梅梅',
      password: 'secret-123',
      projects: [{ projectId: roles.users.viewer.id, role: 'viewer' }],
    });
    expect(unknownProject.statusCode).toBe(404);
    expect((await ctx.store.users.findByUsername('han.meimei'))?.id).toBeUndefined();
  });

  it('lists users with their projects, searched and paged', async () => {
    await createUser('page-a');
    await createUser('page-b', { projects: [{ projectId: project.id, role: 'admin' }] });
    const found = (await call('GET', '/admin/users?q=PAGE-&size=1&page=2')).json().data;
    expect(found.total).toBe(2);
    expect(found.items.map((user: AdminUser) => [user.username, user.projects])).toEqual([
      ['page-b', [{ projectId: project.id, role: 'admin' }]],
    ]);
    const members = (await call('GET', `/admin/users?projectId=${project.id}&size=200`)).json().data
      .items;
    expect(members.map((user: AdminUser) => user.username)).toEqual(
      expect.arrayContaining(['page-b', roles.users.viewer.username, roles.users.admin.username]),
    );
    expect(members.map((user: AdminUser) => user.username)).not.toContain('page-a');
  });

  it('disables, resets passwords, grants super admin, and sets and removes roles', async () => {
    const user = await createUser('wang.wu', {
      projects: [{ projectId: project.id, role: 'viewer' }],
    });
    const first = await signIn(app, { username: 'wang.wu', password: 'secret-123' });

    const disabled = await call('PATCH', `/admin/users/${user.id}`, { disabled: true });
    expect(disabled.json().data.disabled).toBe(true);
    // Signed out everywhere; a new sign-in is refused.
    expect(await opensProject(first.cookie)).toBe(410);
    expect(
      (await signIn(app, { username: 'wang.wu', password: 'secret-123' })).response.statusCode,
    ).not.toBe(200);

    await call('PATCH', `/admin/users/${user.id}`, { disabled: false, password: 'new-secret-9' });
    expect((await signIn(app, { username: 'wang.wu', password: 'secret-123' })).cookie).toBe('');
    const second = await signIn(app, { username: 'wang.wu', password: 'new-secret-9' });
    expect(await opensProject(second.cookie)).toBe(200);

    const removed = await call('DELETE', `/admin/users/${user.id}/projects/${project.id}`);
    expect(removed.json().data.projects).toEqual([]);
    expect(await opensProject(second.cookie)).toBe(403);
    const again = await call('DELETE', `/admin/users/${user.id}/projects/${project.id}`);
    expect(again.statusCode).toBe(404);

    const admin = await call('PUT', `/admin/users/${user.id}/projects/${project.id}`, {
      role: 'admin',
    });
    expect(admin.json().data.projects).toEqual([{ projectId: project.id, role: 'admin' }]);

    const promoted = await call('PATCH', `/admin/users/${user.id}`, { isSuperAdmin: true });
    expect(promoted.json().data.isSuperAdmin).toBe(true);

    const entries = (await call('GET', '/admin/audit?size=6')).json().data.items;
    expect(
      entries.map((entry: { action: string; details: object }) => [entry.action, entry.details]),
    ).toEqual([
      ['user.update', { isSuperAdmin: true }],
      [
        'membership.set',
        { projectId: project.id, project: expect.any(String), role: { from: null, to: 'admin' } },
      ],
      ['membership.remove', { projectId: project.id, project: expect.any(String) }],
      ['user.update', { disabled: false, password: 'reset' }],
      ['user.update', { disabled: true }],
      ['user.create', expect.objectContaining({ nickname: '昵称 wang.wu' })],
    ]);
    expect(JSON.stringify(entries)).not.toContain('new-secret-9');
    expect(entries[0]).toMatchObject({
      actorName: roles.users.superAdmin.username,
      targetType: 'user',
      targetId: user.id,
      targetName: 'wang.wu',
    });
  });

  it('will not let a super admin disable or demote themself', async () => {
    const self = roles.users.superAdmin.id;
    const disable = await call('PATCH', `/admin/users/${self}`, { disabled: true });
    expect(disable.statusCode).toBe(400);
    expect(disable.json().msg).toBe('disabled: 不能停用自己的账号');
    const demote = await call('PATCH', `/admin/users/${self}`, { isSuperAdmin: false });
    expect(demote.statusCode).toBe(400);
  });

  it('refuses a malformed user id with 400', async () => {
    const response = await call('PATCH', '/admin/users/12', { nickname: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/^id: /);
  });
});
