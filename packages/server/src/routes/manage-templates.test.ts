import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboard, parseProjectPath, type DashboardInput } from '@yuqing/core';
import { openTestApp, scopeQuery, signIn, projectCaller } from '../../test/app.js';
import { buildProject, buildUser, type BuiltProject } from '../../test/factories.js';
import { expectRoleMatrix, signInRoles, type RoleFixture } from '../../test/roles.js';
import { testStoreKinds } from '../../test/stores.js';

const pageSet = (label: string): DashboardInput => ({
  menu: [
    { label, key: 'overview', path: '/overview', default: true },
    { label: '声量', key: 'volume', path: '/volume' },
    { label: 'AI 报告', key: 'ai-report', path: '/ai-report', isAiReport: true },
  ],
  pages: {
    overview: {
      charts: [{ i: 'a', x: 0, y: 0, w: 24, h: 8, type: 'lines', aggs: 'common_trend' }],
    },
    volume: {},
  },
});

describe.each(testStoreKinds())('manage template and copy routes on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  /** Another project of the same customer. */
  let sibling: BuiltProject;
  let roles: RoleFixture;

  beforeAll(async () => {
    ctx = await openTestApp(kind);
    project = await buildProject(ctx.store, { profile: { icp: '京ICP备2号', scene: '汽车' } });
    const source = await ctx.store.tenancy.findProject(project);
    const code = `${project.project}b`;
    const siblingId = await ctx.store.tenancy.createProject({
      customerId: source!.customerId,
      repository: project.repository,
      code,
      name: '兄弟项目',
      profile: source!.profile,
    });
    sibling = { ...project, id: siblingId, project: code };
    roles = await signInRoles(ctx.app, ctx.store, project);
    await ctx.store.tenancy.setRole(roles.users.admin.id, sibling.id, 'admin');
  });
  afterAll(() => ctx.close());

  const call = (...args: Parameters<ReturnType<typeof projectCaller>>) =>
    projectCaller(ctx.app, project)(...args);

  describe('templates', () => {
    it('saves, lists, reads and deletes templates of the customer', async () => {
      const saved = await call('POST', '/project_template', roles.cookies.admin, {
        payload: { name: '汽车模板', template: pageSet('概览') },
      });
      expect(saved.statusCode).toBe(200);
      await call('POST', '/project_template', roles.cookies.admin, {
        payload: { name: '空模板', template: {} },
      });

      // Every project of the customer sees them.
      const list = await call('GET', '/project_template', roles.cookies.admin, {
        query: scopeQuery(sibling),
      });
      expect(list.statusCode).toBe(200);
      const items = list.json().data;
      expect(items).toEqual([
        {
          name: '汽车模板',
          createdAt: expect.any(String),
          createdBy: `昵称${roles.users.admin.username}`,
          // Applying it adds a page for each menu item, the AI report's without a layout too.
          pages: 3,
        },
        expect.objectContaining({ name: '空模板', pages: 0 }),
      ]);

      const item = await call('GET', '/project_template_item', roles.cookies.admin, {
        query: { ...scopeQuery(project), name: '汽车模板' },
      });
      expect(item.json().data).toEqual({
        name: '汽车模板',
        template: dashboard.parse(pageSet('概览')),
      });

      // Another customer's admin neither lists nor reads them through their own project.
      const outsiderList = await call('GET', '/project_template', roles.cookies.outsider, {
        query: scopeQuery(roles.other),
      });
      expect(outsiderList.json().data).toEqual([]);
      const outsiderItem = await call('GET', '/project_template_item', roles.cookies.outsider, {
        query: { ...scopeQuery(roles.other), name: '汽车模板' },
      });
      expect(outsiderItem.statusCode).toBe(404);

      const removed = await call('DELETE', '/project_template', roles.cookies.admin, {
        query: { ...scopeQuery(project), name: '空模板' },
      });
      expect(removed.json()).toEqual({ success: true, data: null });
      const again = await call('DELETE', '/project_template', roles.cookies.admin, {
        query: { ...scopeQuery(project), name: '空模板' },
      });
      expect(again.statusCode).toBe(404);
      expect(again.json().msg).toMatch(/^name: .*空模板/);
    });

    it('replaces a template saved under the same name', async () => {
      await call('POST', '/project_template', roles.cookies.admin, {
        payload: { name: '替换', template: pageSet('旧') },
      });
      await call('POST', '/project_template', roles.cookies.superAdmin, {
        payload: { name: '替换', template: pageSet('新') },
      });
      const item = await call('GET', '/project_template_item', roles.cookies.admin, {
        query: { ...scopeQuery(project), name: '替换' },
      });
      expect(item.json().data.template.menu[0].label).toBe('新');
      const list = (await call('GET', '/project_template', roles.cookies.admin)).json().data;
      expect(list.filter((t: { name: string }) => t.name === '替换')).toHaveLength(1);
    });

    it('refuses a template without a name or with a page outside its menu', async () => {
      const unnamed = await call('POST', '/project_template', roles.cookies.admin, {
        payload: { name: ' ', template: {} },
      });
      expect(unnamed.statusCode).toBe(400);
      expect(unnamed.json().msg).toMatch(/^name: 请输入模板名称/);
      const stray = await call('POST', '/project_template', roles.cookies.admin, {
        payload: { name: '坏', template: { pages: { lost: {} } } },
      });
      expect(stray.statusCode).toBe(400);
      expect(stray.json().msg).toMatch(/^pages\.lost:/);
    });

    it('lets admins and super admins only', async () => {
      const allowed = { admin: 200, superAdmin: 200 };
      await expectRoleMatrix(
        roles,
        (cookie) =>
          call('POST', '/project_template', cookie, {
            payload: { name: '权限', template: pageSet('权限') },
          }),
        allowed,
      );
      await expectRoleMatrix(roles, (cookie) => call('GET', '/project_template', cookie), allowed);
      await expectRoleMatrix(
        roles,
        (cookie) =>
          call('GET', '/project_template_item', cookie, {
            query: { ...scopeQuery(project), name: '权限' },
          }),
        allowed,
      );
      await expectRoleMatrix(
        roles,
        async (cookie) => {
          await ctx.store.templates.save(
            (await ctx.store.tenancy.findProject(project))!.customerId,
            { name: '待删', template: dashboard.parse({}) },
            null,
          );
          return call('DELETE', '/project_template', cookie, {
            query: { ...scopeQuery(project), name: '待删' },
          });
        },
        allowed,
      );
    });
  });

  describe('POST /project_copy', () => {
    it('creates a reachable project with the same profile, dashboard and data', async () => {
      const key = { projectId: project.id, subjectId: '' };
      const published = dashboard.parse(pageSet('已发布'));
      const draft = dashboard.parse(pageSet('草稿'));
      await ctx.store.dashboards.saveDraft(key, published, 0, null);
      await ctx.store.dashboards.publish(key, null);
      await ctx.store.dashboards.publish(key, null);
      await ctx.store.dashboards.saveDraft(key, draft, 1, null);
      await ctx.store.projectData.save(project.id, {
        name: '重点媒体',
        kind: 'list',
        items: [{ value: '华夏日报', label: '华夏日报' }],
      });

      const response = await call('POST', '/project_copy', roles.cookies.admin, {
        payload: { project: 'copy-1', name: '复制的项目' },
      });
      expect(response.statusCode).toBe(200);
      const { projectID, path } = response.json().data;
      expect(path).toBe(`/yuqing/${project.customer}/copy-1/latest/`);
      const copy = scopeQuery({ ...project, project: 'copy-1' });
      expect(parseProjectPath(path)).toMatchObject(copy);

      // The caller administers the copy.
      const manage = await call('GET', '/project', roles.cookies.admin, {
        query: { ...copy, type: 'manage' },
      });
      expect(manage.statusCode).toBe(200);
      const data = manage.json().data;
      expect(data.projectID).toBe(projectID);
      expect(data.project).toMatchObject({ name: '复制的项目', icp: '京ICP备2号', scene: '汽车' });
      expect(data.dashboard).toEqual(draft);
      expect(data.source).toEqual({ kind: 'draft', revision: 1 });
      const shown = await call('GET', '/project', roles.cookies.admin, { query: copy });
      expect(shown.json().data.dashboard).toEqual(published);
      expect(shown.json().data.source).toEqual({ kind: 'published', version: 1 });
      const items = await call('GET', '/project_data', roles.cookies.admin, { query: copy });
      expect(items.json().data.map((item: { name: string }) => item.name)).toEqual(['重点媒体']);
      // Members of the source are not carried over.
      expect(
        (await call('GET', '/project', roles.cookies.viewer, { query: copy })).statusCode,
      ).toBe(403);
      const list = await call('GET', '/project_list', roles.cookies.admin);
      expect(list.json().data).toContainEqual(
        expect.objectContaining({ project: 'copy-1', role: 'admin', path }),
      );
    });

    it('refuses a code the customer already uses, and a bad code', async () => {
      const duplicate = await call('POST', '/project_copy', roles.cookies.admin, {
        payload: { project: sibling.project, name: '重复' },
      });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({ success: false, msg: '项目编码已存在' });
      const bad = await call('POST', '/project_copy', roles.cookies.admin, {
        payload: { project: '项目', name: '坏' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toMatch(/^project: /);
    });

    it("copies an empty project, and gives a super admin's copy no membership", async () => {
      const empty = await buildProject(ctx.store);
      const superAdmin = await buildUser(ctx.store, { superAdmin: true });
      const { cookie } = await signIn(ctx.app, superAdmin);
      const response = await call('POST', '/project_copy', cookie, {
        query: scopeQuery(empty),
        payload: { project: 'empty-copy', name: '空' },
      });
      expect(response.statusCode).toBe(200);
      const { projectID } = response.json().data;
      expect(await ctx.store.tenancy.findRole(superAdmin.id, projectID)).toBeUndefined();
      expect(await ctx.store.dashboards.draft({ projectId: projectID, subjectId: '' })).toBe(
        undefined,
      );
    });

    it('lets admins and super admins of the source only', async () => {
      let n = 0;
      await expectRoleMatrix(
        roles,
        (cookie) =>
          call('POST', '/project_copy', cookie, {
            payload: { project: `matrix-${++n}`, name: '权限' },
          }),
        { admin: 200, superAdmin: 200 },
      );
    });
  });
});
