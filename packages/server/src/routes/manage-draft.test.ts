import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_DRAFT_MESSAGE, dashboard, type DashboardInput } from '@yuqing/core';
import { openTestApp, scopeQuery, projectCaller } from '../../test/app.js';
import { buildProject, type BuiltProject } from '../../test/factories.js';
import { expectRoleMatrix, signInRoles, type RoleFixture } from '../../test/roles.js';
import { testStoreKinds } from '../../test/stores.js';

const layout = (title: string): DashboardInput => ({
  site: { colors: ['#41B748'] },
  menu: [
    { label: '概览', key: 'overview', path: '/overview', default: true },
    { label: '趋势', key: 'trend', path: '/trend' },
  ],
  pages: {
    overview: {
      charts: [{ i: 'a', x: 0, y: 0, w: 12, h: 10, type: 'pie', aggs: 'common_terms', title }],
    },
  },
});
const parsed = (title: string) => dashboard.parse(layout(title));

describe.each(testStoreKinds())('manage draft routes on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let roles: RoleFixture;

  beforeAll(async () => {
    ctx = await openTestApp(kind);
    project = await buildProject(ctx.store);
    await ctx.store.tenancy.createSubject({
      id: 'launch',
      projectId: project.id,
      name: '新品发布',
      tendencies: ['正面', '负面'],
    });
    roles = await signInRoles(ctx.app, ctx.store, project);
  });
  afterAll(() => ctx.close());

  const call = (...args: Parameters<ReturnType<typeof projectCaller>>) =>
    projectCaller(ctx.app, project)(...args);
  const manageView = async (cookie = roles.cookies.admin, subjectId?: string) =>
    (
      await call('GET', '/project', cookie, {
        query: { ...scopeQuery(project, subjectId), type: 'manage' },
      })
    ).json().data;
  const viewerView = async (subjectId?: string) =>
    (
      await call('GET', '/project', roles.cookies.viewer, {
        query: scopeQuery(project, subjectId),
      })
    ).json().data;

  it('saves the draft from the revision read, and GET type=manage answers it', async () => {
    const before = await manageView();
    const response = await call('POST', '/project', roles.cookies.admin, {
      payload: { ...layout('一'), revision: before.source.revision },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { revision: before.source.revision + 1 },
    });
    const after = await manageView();
    expect(after.source).toEqual({ kind: 'draft', revision: before.source.revision + 1 });
    expect(after.dashboard).toEqual(parsed('一'));
    // Viewers still see what was published (nothing yet).
    expect((await viewerView()).source).toEqual({ kind: 'published', version: null });
  });

  it('refuses the second of two saves from the same revision, keeping the first', async () => {
    const { revision } = (await manageView()).source;
    const first = await call('POST', '/project', roles.cookies.admin, {
      payload: { ...layout('甲'), revision },
    });
    expect(first.statusCode).toBe(200);
    const second = await call('POST', '/project', roles.cookies.superAdmin, {
      payload: { ...layout('乙'), revision },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      success: false,
      msg: STALE_DRAFT_MESSAGE,
      data: { revision: revision + 1 },
    });
    const kept = await manageView();
    expect(kept.source.revision).toBe(revision + 1);
    expect(kept.dashboard).toEqual(parsed('甲'));
    // Reloading gives the editor the revision to save from.
    const retried = await call('POST', '/project', roles.cookies.superAdmin, {
      payload: { ...layout('乙'), revision: kept.source.revision },
    });
    expect(retried.statusCode).toBe(200);
  });

  it('refuses a page whose key is not in the menu, naming the key', async () => {
    const { revision } = (await manageView()).source;
    const content = layout('丙');
    const response = await call('POST', '/project', roles.cookies.admin, {
      payload: { ...content, pages: { ...content.pages, ghost: {} }, revision },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/^pages\.ghost: .*ghost/);
    expect((await manageView()).source.revision).toBe(revision);
  });

  it('refuses a body the dashboard schema refuses, naming the field', async () => {
    const missing = await call('POST', '/project', roles.cookies.admin, {
      payload: layout('丁'),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('revision: 请输入修订号');
    const mistyped = await call('POST', '/project', roles.cookies.admin, {
      payload: { ...layout('丁'), revision: 'abc' },
    });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().msg).toBe('revision: 修订号不是一个有效的数字');
    const duplicate = await call('POST', '/project', roles.cookies.admin, {
      payload: {
        menu: [
          { label: '一', key: 'same', path: '/a' },
          { label: '二', key: 'same', path: '/b' },
        ],
        revision: 0,
      },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().msg).toMatch(/菜单 key 重复/);
  });

  it('refuses version and revision numbers beyond their integer column, naming the field', async () => {
    const beyond = 2_147_483_648;
    const save = await call('POST', '/project', roles.cookies.admin, {
      payload: { ...layout('戊'), revision: beyond },
    });
    expect(save.statusCode).toBe(400);
    expect(save.json().msg).toMatch(/^revision: 修订号不能大于 2147483647/);
    const rollback = await call('POST', '/project_rollback', roles.cookies.admin, {
      payload: { version: beyond },
    });
    expect(rollback.statusCode).toBe(400);
    expect(rollback.json().msg).toMatch(/^version: 版本号不能大于 2147483647/);
    const open = await call('GET', '/project', roles.cookies.viewer, {
      query: { ...scopeQuery(project), version: String(beyond) },
    });
    expect(open.statusCode).toBe(400);
    expect(open.json().msg).toMatch(/^version: /);
  });

  it('publishes the saved draft for viewers, lists versions and rolls back', async () => {
    let { revision } = (await manageView()).source;
    await call('POST', '/project', roles.cookies.admin, {
      payload: { ...layout('第一版'), revision },
    });
    const first = await call('POST', '/project_publish', roles.cookies.admin);
    expect(first.json()).toEqual({ success: true, data: { version: 1 } });
    expect((await viewerView()).dashboard).toEqual(parsed('第一版'));

    revision = (await manageView()).source.revision;
    await call('POST', '/project', roles.cookies.admin, {
      payload: { ...layout('第二版'), revision },
    });
    const second = await call('POST', '/project_publish', roles.cookies.superAdmin);
    expect(second.json().data).toEqual({ version: 2 });
    const shown = await viewerView();
    expect(shown.dashboard).toEqual(parsed('第二版'));
    expect(shown.source).toEqual({ kind: 'published', version: 2 });

    const versions = await call('GET', '/project_versions', roles.cookies.admin);
    expect(versions.statusCode).toBe(200);
    const list = versions.json().data as { version: number; publishedBy: string | null }[];
    expect(list.map((item) => item.version)).toEqual([2, 1]);
    expect(list[0]!.publishedBy).toBe(`昵称${roles.users.superAdmin.username}`);
    expect(list[1]!.publishedBy).toBe(`昵称${roles.users.admin.username}`);

    const before = (await manageView()).source.revision;
    const rollback = await call('POST', '/project_rollback', roles.cookies.admin, {
      payload: { version: 1 },
    });
    expect(rollback.statusCode).toBe(200);
    expect(rollback.json().data).toEqual({ version: 3, revision: before + 1 });
    const restored = await viewerView();
    expect(restored.dashboard).toEqual(parsed('第一版'));
    expect(restored.source).toEqual({ kind: 'published', version: 3 });
    const draft = await manageView();
    expect(draft.dashboard).toEqual(parsed('第一版'));
    expect(draft.source.revision).toBe(before + 1);
    // The old version stays where it was.
    const old = await call('GET', '/project', roles.cookies.viewer, {
      query: { ...scopeQuery(project), version: '2' },
    });
    expect(old.json().data.dashboard).toEqual(parsed('第二版'));

    const unknown = await call('POST', '/project_rollback', roles.cookies.admin, {
      payload: { version: 99 },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toMatch(/^version:/);
  });

  it('keeps a subject dashboard apart from the project one', async () => {
    const subject = scopeQuery(project, 'launch');
    expect((await manageView(roles.cookies.admin, 'launch')).source).toEqual({
      kind: 'draft',
      revision: 0,
    });
    const noDraft = await call('POST', '/project_publish', roles.cookies.admin, {
      query: subject,
    });
    expect(noDraft.statusCode).toBe(400);
    expect(noDraft.json().msg).toBe('没有可发布的草稿');
    await call('POST', '/project', roles.cookies.admin, {
      query: subject,
      payload: { ...layout('专题'), revision: 0 },
    });
    await call('POST', '/project_publish', roles.cookies.admin, { query: subject });
    expect((await viewerView('launch')).dashboard).toEqual(parsed('专题'));
    expect((await viewerView()).dashboard).not.toEqual(parsed('专题'));
    const versions = await call('GET', '/project_versions', roles.cookies.admin, {
      query: subject,
    });
    expect(versions.json().data.map((item: { version: number }) => item.version)).toEqual([1]);
  });

  describe('roles', () => {
    it('POST /project: admins and super admins', async () => {
      await expectRoleMatrix(
        roles,
        async (cookie) => {
          const { revision } = (await manageView(roles.cookies.superAdmin)).source;
          return call('POST', '/project', cookie, { payload: { ...layout('权限'), revision } });
        },
        { admin: 200, superAdmin: 200 },
      );
    });

    it('POST /project_publish, GET /project_versions, POST /project_rollback', async () => {
      const allowed = { admin: 200, superAdmin: 200 };
      await expectRoleMatrix(roles, (cookie) => call('POST', '/project_publish', cookie), allowed);
      await expectRoleMatrix(roles, (cookie) => call('GET', '/project_versions', cookie), allowed);
      await expectRoleMatrix(
        roles,
        (cookie) => call('POST', '/project_rollback', cookie, { payload: { version: 1 } }),
        allowed,
      );
    });
  });
});
