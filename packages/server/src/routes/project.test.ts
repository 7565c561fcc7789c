import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_DASHBOARD, dashboard } from '@yuqing/core';
import { buildProject, buildUser, type BuiltProject } from '../../test/factories.js';
import { openTestApp, scopeQuery, signIn } from '../../test/app.js';
import { testStoreKinds } from '../../test/stores.js';

const overviewMenu = { label: '概览', key: 'overview', path: '/overview', default: true };
const published = dashboard.parse({
  site: { colors: ['#41B748'] },
  menu: [overviewMenu],
  pages: {
    overview: {
      charts: [
        {
          i: 'a',
          ...{ x: 0, y: 0, w: 12, h: 10 },
          type: 'pie',
          aggs: 'common_terms',
          filter: [{ field: 'tendency', value: ['负面'] }],
        },
      ],
    },
  },
});
const draft = dashboard.parse({
  ...published,
  menu: [overviewMenu, { label: '趋势', key: 'trend', path: '/trend' }],
});

describe.each(testStoreKinds())('project routes on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let other: BuiltProject;
  const cookies: Record<'viewer' | 'admin' | 'superAdmin' | 'outsider', string> = {
    viewer: '',
    admin: '',
    superAdmin: '',
    outsider: '',
  };

  beforeAll(async () => {
    ctx = await openTestApp(kind);
    project = await buildProject(ctx.store, {
      profile: {
        loginTypes: ['wx', 'pw'],
        icp: '京ICP备1号',
      },
    });
    const key = { projectId: project.id, subjectId: '' };
    await ctx.store.dashboards.saveDraft(key, published, 0, null);
    await ctx.store.dashboards.publish(key, null);
    await ctx.store.dashboards.saveDraft(key, draft, 1, null);
    await ctx.store.projectData.save(project.id, {
      name: '重点媒体',
      kind: 'list',
      items: [{ value: '华夏日报', label: '华夏日报' }],
    });
    other = await buildProject(ctx.store);
    await ctx.store.tenancy.createSubject({
      id: 'launch',
      projectId: project.id,
      name: '新品发布',
      tendencies: ['正面', '负面'],
    });
    const users = {
      viewer: await buildUser(ctx.store, { project, role: 'viewer' }),
      admin: await buildUser(ctx.store, { project, role: 'admin' }),
      superAdmin: await buildUser(ctx.store, { superAdmin: true }),
      outsider: await buildUser(ctx.store, { project: other, role: 'admin' }),
    };
    for (const [role, user] of Object.entries(users)) {
      cookies[role as keyof typeof cookies] = (await signIn(ctx.app, user)).cookie;
    }
  });
  afterAll(() => ctx.close());

  const get = (url: string, query: Record<string, string>, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, query, headers: cookie ? { cookie } : {} });

  describe('GET /project_info', () => {
    it('answers anyone, offering only the login types the server can serve', async () => {
      const response = await get('/api/v1/project_info', scopeQuery(project));
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        project: project.project,
        projectID: project.id,
        customer: { code: project.customer, name: `客户${project.customer}` },
        name: `项目${project.project}`,
        config: { scene: '', icp: '京ICP备1号', loginTypes: ['pw'], primaryColor: '#3673F1' },
      });
    });

    it('names the missing parameter, and 404s an unknown project', async () => {
      const missing = await get('/api/v1/project_info', { repository: 'yuqing', customer: 'x' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().msg).toMatch(/^project:/);
      const unknown = await get('/api/v1/project_info', { ...scopeQuery(project), project: 'zzz' });
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('GET /project', () => {
    it('answers members with the project entity', async () => {
      const response = await get('/api/v1/project', scopeQuery(project), cookies.viewer);
      expect(response.statusCode).toBe(200);
      const data = response.json().data;
      expect(data.projectID).toBe(project.id);
      expect(data.project).toMatchObject({
        name: `项目${project.project}`,
        customer: project.customer,
        repository: 'yuqing',
        isSubject: false,
        primaryColor: '#3673F1',
        menus: [{ key: 'overview', default: true, show: true, adminVisible: false }],
      });
      expect(Date.parse(data.project.created_at)).not.toBeNaN();
      expect(data.dashboard).toEqual(published);
      expect(data.source).toEqual({ kind: 'published', version: 1 });
      expect(data.aggs_type).toContainEqual({
        value: 'common_trend',
        label: '趋势',
        options: ['interval', 'value_type', 'series', 'size', 'level'],
      });
      expect(data.aggsFilterMap.media_platform).toBe('媒体平台');
    });

    it('opens a published version by number, and 404 for one that does not exist', async () => {
      const first = await get(
        '/api/v1/project',
        { ...scopeQuery(project), version: '1' },
        cookies.viewer,
      );
      expect(first.json().data.source).toEqual({ kind: 'published', version: 1 });
      const latest = await get(
        '/api/v1/project',
        { ...scopeQuery(project), version: 'latest' },
        cookies.viewer,
      );
      expect(latest.json().data.source.version).toBe(1);
      const missing = await get(
        '/api/v1/project',
        { ...scopeQuery(project), version: '9' },
        cookies.viewer,
      );
      expect(missing.statusCode).toBe(404);
      const bad = await get(
        '/api/v1/project',
        { ...scopeQuery(project), version: 'x' },
        cookies.viewer,
      );
      expect(bad.statusCode).toBe(400);
    });

    it('gives admins the draft with its revision in manage mode', async () => {
      const manage = { ...scopeQuery(project), type: 'manage' };
      const data = (await get('/api/v1/project', manage, cookies.admin)).json().data;
      expect(data.source).toEqual({ kind: 'draft', revision: 2 });
      expect(data.dashboard).toEqual(draft);
      expect(data.project.menus.map((item: { key: string }) => item.key)).toEqual([
        'overview',
        'trend',
      ]);
    });

    it('answers an empty dashboard where nothing is published yet', async () => {
      const response = await get('/api/v1/project', scopeQuery(project, 'launch'), cookies.viewer);
      const data = response.json().data;
      expect(data.source).toEqual({ kind: 'published', version: null });
      expect(data.dashboard).toEqual(EMPTY_DASHBOARD);
      expect(data.project.menus).toEqual([]);
    });

    it('answers a subject with its own name and tendencies', async () => {
      const response = await get('/api/v1/project', scopeQuery(project, 'launch'), cookies.viewer);
      const data = response.json().data;
      expect(data.subject).toEqual({
        _id: 'launch',
        name: '新品发布',
        tendencies: ['正面', '负面'],
      });
      expect(data.project.isSubject).toBe(true);
      expect(data.project.tendencies).toEqual(['正面', '负面']);
      const missing = await get('/api/v1/project', scopeQuery(project, 'nope'), cookies.viewer);
      expect(missing.statusCode).toBe(404);
    });

    it('answers 401 without a session and 403 to a user of another customer', async () => {
      expect((await get('/api/v1/project', scopeQuery(project))).statusCode).toBe(401);
      const outsider = await get('/api/v1/project', scopeQuery(project), cookies.outsider);
      expect(outsider.statusCode).toBe(403);
      expect(outsider.json()).toEqual({ success: false, msg: '您不是该项目的成员' });
    });

    it('gives the manage view to admins and super admins only', async () => {
      const manage = { ...scopeQuery(project), type: 'manage' };
      expect((await get('/api/v1/project', manage, cookies.viewer)).statusCode).toBe(403);
      expect((await get('/api/v1/project', manage, cookies.admin)).statusCode).toBe(200);
      expect((await get('/api/v1/project', manage, cookies.superAdmin)).statusCode).toBe(200);
      expect((await get('/api/v1/project', manage, cookies.outsider)).statusCode).toBe(403);
    });
  });

  describe('GET /project_list', () => {
    it('lists the projects a user may open, with their paths', async () => {
      const viewer = await get('/api/v1/project_list', {}, cookies.viewer);
      expect(viewer.json().data).toEqual([
        expect.objectContaining({
          projectID: project.id,
          role: 'viewer',
          path: `/yuqing/${project.customer}/${project.project}/latest/`,
        }),
      ]);
      const outsider = await get('/api/v1/project_list', {}, cookies.outsider);
      expect(outsider.json().data.map((p: { projectID: string }) => p.projectID)).toEqual([
        other.id,
      ]);
      const all = await get('/api/v1/project_list', {}, cookies.superAdmin);
      expect(all.json().data.map((p: { projectID: string }) => p.projectID)).toEqual(
        expect.arrayContaining([project.id, other.id]),
      );
      expect((await get('/api/v1/project_list', {})).statusCode).toBe(401);
    });
  });

  describe('project data items', () => {
    it('answers members the list and one item by name', async () => {
      const list = await get('/api/v1/project_data', scopeQuery(project), cookies.viewer);
      expect(list.json().data).toEqual([
        { name: '重点媒体', kind: 'list', items: [{ value: '华夏日报', label: '华夏日报' }] },
      ]);
      const item = await get(
        '/api/v1/project_data_item',
        { ...scopeQuery(project), name: '重点媒体' },
        cookies.viewer,
      );
      expect(item.json().data.items).toHaveLength(1);
    });

    it('answers 404 naming an unknown item, 401 without a session, 403 to outsiders', async () => {
      const query = { ...scopeQuery(project), name: '没有' };
      const missing = await get('/api/v1/project_data_item', query, cookies.viewer);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().msg).toContain('没有');
      expect((await get('/api/v1/project_data_item', query)).statusCode).toBe(401);
      expect(
        (await get('/api/v1/project_data', scopeQuery(project), cookies.outsider)).statusCode,
      ).toBe(403);
    });
  });
});

describe('GET /project and admin-visible pages', () => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  const cookies = { viewer: '', admin: '' };
  const withAudit = dashboard.parse({
    menu: [overviewMenu, { label: '数据审核', key: 'audit', path: '/audit', adminVisible: true }],
    pages: { overview: {}, audit: { charts: published.pages.overview!.charts } },
  });

  beforeAll(async () => {
    ctx = await openTestApp('pglite');
    project = await buildProject(ctx.store);
    const key = { projectId: project.id, subjectId: '' };
    await ctx.store.dashboards.saveDraft(key, withAudit, 0, null);
    await ctx.store.dashboards.publish(key, null);
    for (const role of ['viewer', 'admin'] as const)
      cookies[role] = (await signIn(ctx.app, await buildUser(ctx.store, { project, role }))).cookie;
  });
  afterAll(() => ctx.close());

  const shown = async (cookie: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/project',
      query: scopeQuery(project),
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };

  it('keeps the pages of admin-visible items from non-admins; the menu still names them', async () => {
    const viewer = await shown(cookies.viewer);
    expect(Object.keys(viewer.dashboard.pages)).toEqual(['overview']);
    expect(viewer.dashboard.menu.map((item: { key: string }) => item.key)).toEqual([
      'overview',
      'audit',
    ]);
    const admin = await shown(cookies.admin);
    expect(admin.dashboard).toEqual(withAudit);
  });
});
