import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dashboard,
  type AdminCustomer,
  type AdminProject,
  type CreateProjectInput,
} from '@yuqing/core';
import { openTestApp, scopeQuery, type TestApp } from '../../test/app.js';
import { buildProject, type BuiltProject } from '../../test/factories.js';
import { expectRoleMatrix, signInRoles, withCookie, type RoleFixture } from '../../test/roles.js';
import { testStoreKinds } from '../../test/stores.js';

const templateDashboard = dashboard.parse({
  menu: [{ key: 'home', label: '首页', path: '/home' }],
  pages: { home: {} },
});

describe.each(testStoreKinds())('tenancy administration routes on %s', (kind) => {
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
    method: 'GET' | 'POST' | 'PATCH',
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
  const newCustomer = async (code: string): Promise<AdminCustomer> => {
    const response = await call('POST', '/admin/customers', { code, name: `客户 ${code}` });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  const newProject = async (body: CreateProjectInput): Promise<AdminProject> => {
    const response = await call('POST', '/admin/projects', body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const auditActions = async () =>
    (await call('GET', '/admin/audit'))
      .json()
      .data.items.map(
        (entry: { action: string; targetName: string }) => `${entry.action} ${entry.targetName}`,
      );

  it('is for super admins only', async () => {
    const customer = (await ctx.store.tenancy.findProject(project))!.customerId;
    const calls: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', '/admin/tenancy'],
      ['POST', '/admin/customers', { code: 'matrix', name: '矩阵' }],
      ['PATCH', `/admin/customers/${customer}`, { name: '改名' }],
      ['GET', `/admin/customers/${customer}/templates`],
      [
        'POST',
        '/admin/projects',
        { customerId: customer, repository: 'yuqing', code: 'm', name: 'm' },
      ],
      ['PATCH', `/admin/projects/${project.id}`, { name: '改名' }],
    ];
    for (const [method, url, payload] of calls) {
      await expectRoleMatrix(roles, (cookie) => call(method, url, payload, cookie), {
        admin: 403,
        superAdmin: 200,
      });
    }
  });

  it('creates a customer and a project, and lists them with counts; codes ignore case', async () => {
    const customer = await newCustomer('Acme');
    expect(customer).toMatchObject({ code: 'Acme', disabled: false, projectCount: 0 });
    const duplicate = await call('POST', '/admin/customers', { code: 'ACME', name: '重复' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().msg).toBe('code: 客户编码已存在');

    const created = await newProject({
      customerId: customer.id,
      repository: 'yuqing',
      code: 'Watch',
      name: '监测',
    });
    expect(created).toMatchObject({
      customerCode: 'Acme',
      code: 'Watch',
      memberCount: 0,
      disabled: false,
      path: '/yuqing/Acme/Watch/latest/',
    });
    // A new project starts with the product's prompts for the tagging tool's GPT mode, and the
    // AI report's brief prompt.
    expect((await ctx.store.prompts.list(created.id)).map((p) => p.name)).toEqual([
      '摘要',
      '情感归因',
      '风险研判',
      '回复建议',
      'AI 报告摘要',
    ]);
    const again = await call('POST', '/admin/projects', {
      customerId: customer.id,
      repository: 'yuqing',
      code: 'wATCH',
      name: '重复',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('code: 项目编码已存在');

    // The URL may spell the codes in any case.
    const opened = await app.inject({
      method: 'GET',
      url: '/api/v1/project',
      query: { repository: 'yuqing', customer: 'acme', project: 'WATCH' },
      headers: { cookie: roles.cookies.superAdmin },
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.projectID).toBe(created.id);

    const overview = (await call('GET', '/admin/tenancy')).json().data;
    expect(overview.repositories).toContain('yuqing');
    expect(overview.customers.find((c: AdminCustomer) => c.id === customer.id)).toMatchObject({
      projectCount: 1,
    });
    const listed = overview.projects.find((p: AdminProject) => p.id === project.id);
    expect(listed.memberCount).toBe(2);
    expect(await auditActions()).toEqual(
      expect.arrayContaining(['customer.create Acme', 'project.create /yuqing/Acme/Watch/latest/']),
    );
  });

  it('creates a project from a template or as a copy of another project', async () => {
    const customer = await newCustomer('tpl');
    await ctx.store.templates.save(
      customer.id,
      { name: '标准', template: templateDashboard },
      null,
    );
    const templates = await call('GET', `/admin/customers/${customer.id}/templates`);
    expect(templates.json().data.map((t: { name: string }) => t.name)).toEqual(['标准']);

    const fromTemplate = await newProject({
      customerId: customer.id,
      repository: 'yuqing',
      code: 'from-template',
      name: '模板项目',
      source: { kind: 'template', customerId: customer.id, name: '标准' },
    });
    const published = await ctx.store.dashboards.published({
      projectId: fromTemplate.id,
      subjectId: '',
    });
    expect(published?.dashboard.menu.map((item) => item.key)).toEqual(['home']);
    expect(
      (await ctx.store.dashboards.draft({ projectId: fromTemplate.id, subjectId: '' }))?.revision,
    ).toBe(1);

    const copy = await newProject({
      customerId: (await newCustomer('other')).id,
      repository: 'archive',
      code: 'copy',
      name: '复制',
      source: { kind: 'copy', projectId: fromTemplate.id },
    });
    expect(copy.path).toBe('/archive/other/copy/latest/');
    expect(
      (await ctx.store.dashboards.published({ projectId: copy.id, subjectId: '' }))?.dashboard.menu,
    ).toHaveLength(1);

    const missing = await call('POST', '/admin/projects', {
      customerId: customer.id,
      repository: 'yuqing',
      code: 'nope',
      name: '无',
      source: { kind: 'template', customerId: customer.id, name: '不存在' },
    });
    expect(missing.statusCode).toBe(404);
    const empty = await newProject({
      customerId: customer.id,
      repository: 'yuqing',
      code: 'empty',
      name: '空项目',
    });
    expect(
      await ctx.store.dashboards.draft({ projectId: empty.id, subjectId: '' }),
    ).toBeUndefined();
  });

  it("refuses a disabled project's and customer's members, but not super admins", async () => {
    const target = await buildProject(ctx.store);
    const fixture = await signInRoles(app, ctx.store, target);
    const customerId = (await ctx.store.tenancy.findProject(target))!.customerId;
    const open = (cookie: string) =>
      app.inject({
        method: 'GET',
        url: '/api/v1/project',
        query: scopeQuery(target),
        headers: withCookie(cookie),
      });
    const listed = async (cookie: string) =>
      (await app.inject({ method: 'GET', url: '/api/v1/project_list', headers: { cookie } })).json()
        .data.length;

    expect((await open(fixture.cookies.viewer)).statusCode).toBe(200);
    expect(await listed(fixture.cookies.viewer)).toBe(1);

    const disabled = await call('PATCH', `/admin/projects/${target.id}`, { disabled: true });
    expect(disabled.json().data.disabled).toBe(true);
    for (const caller of ['viewer', 'admin'] as const) {
      const response = await open(fixture.cookies[caller]);
      expect(response.statusCode).toBe(403);
      expect(response.json().msg).toBe('项目已停用');
    }
    expect((await open(fixture.cookies.superAdmin)).statusCode).toBe(200);
    expect(await listed(fixture.cookies.viewer)).toBe(0);

    await call('PATCH', `/admin/projects/${target.id}`, { disabled: false, name: '新名字' });
    await call('PATCH', `/admin/customers/${customerId}`, { disabled: true });
    const refused = await open(fixture.cookies.viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('客户已停用');
    expect((await open(fixture.cookies.superAdmin)).statusCode).toBe(200);

    await call('PATCH', `/admin/customers/${customerId}`, { disabled: false });
    expect((await open(fixture.cookies.viewer)).statusCode).toBe(200);

    const entries = (await call('GET', '/admin/audit?size=4')).json().data.items;
    expect(
      entries.map((entry: { action: string; details: object }) => [entry.action, entry.details]),
    ).toEqual([
      ['customer.update', { disabled: false }],
      ['customer.update', { disabled: true }],
      [
        'project.update',
        { disabled: false, name: { from: `项目${target.project}`, to: '新名字' } },
      ],
      ['project.update', { disabled: true }],
    ]);
  });

  it('refuses bad ids and codes with 400 naming the field', async () => {
    const badId = await call('PATCH', '/admin/projects/not-a-uuid', { name: 'x' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().msg).toMatch(/^id: /);
    const badCode = await call('POST', '/admin/customers', { code: 'a b', name: 'x' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().msg).toMatch(/^code: /);
    const unknown = await call('PATCH', `/admin/customers/${project.id}`, { name: 'x' });
    expect(unknown.statusCode).toBe(404);
  });
});
