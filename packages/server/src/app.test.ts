import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestApp, signIn } from '../test/app.js';
import { buildProject, buildUser } from '../test/factories.js';

/** Every method of an object and of its class, as spies that throw: nothing may call them. */
function forbidCalls(target: object) {
  const names = new Set<string>();
  for (let at = target; at && at !== Object.prototype; at = Object.getPrototypeOf(at))
    for (const name of Object.getOwnPropertyNames(at))
      if (name !== 'constructor' && typeof (target as Record<string, unknown>)[name] === 'function')
        names.add(name);
  return [...names].map((name) =>
    vi
      .spyOn(target as Record<string, () => unknown>, name)
      .mockName(name)
      .mockImplementation(() => {
        throw new Error(`${name} called`);
      }),
  );
}

describe('application', () => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  beforeAll(async () => {
    ctx = await openTestApp('pglite');
  });
  afterAll(() => ctx.close());

  it('serves an OpenAPI description generated from the validating schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/login',
        '/api/v1/user',
        '/api/v1/project_info',
        '/api/v1/project',
      ]),
    );
    const login = doc.paths['/api/v1/login'].post.requestBody.content['application/json'].schema;
    expect(login.required).toEqual(expect.arrayContaining(['username', 'password', 'timestamp']));
  });

  it('answers unknown API paths with 404 in the common shape', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      msg: '接口不存在: GET /api/v1/nothing-here',
    });
  });

  it('serves the demo avatars and pictures', async () => {
    const avatar = await ctx.app.inject({ method: 'GET', url: '/demo-assets/avatar/3.svg' });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toBe('image/svg+xml');
    expect(avatar.body).toContain('<svg');
    const missing = await ctx.app.inject({ method: 'GET', url: '/demo-assets/avatar/x.svg' });
    expect(missing.statusCode).toBe(404);
  });

  it('redirects / to the first project, or says there is none', async () => {
    const empty = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(empty.statusCode).toBe(404);
    const customerId = await ctx.store.tenancy.createCustomer('acme', 'ACME');
    await ctx.store.tenancy.createProject({
      customerId,
      repository: 'yuqing',
      code: 'brand',
      name: '品牌',
      profile: (await import('@yuqing/core')).projectProfile.parse({}),
    });
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/yuqing/acme/brand/latest/');
  });

  it('does not lead / to a disabled project', async () => {
    const customerId = await ctx.store.tenancy.createCustomer('later', '后来者');
    const profile = (await import('@yuqing/core')).projectProfile.parse({});
    await ctx.store.tenancy.createProject({
      customerId,
      repository: 'yuqing',
      code: 'next',
      name: '下一个',
      profile,
    });
    const first = await ctx.store.tenancy.findProject({
      repository: 'yuqing',
      customer: 'acme',
      project: 'brand',
    });
    await ctx.store.adminTenancy.updateProject(first!.id, { disabled: true });
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.headers.location).toBe('/yuqing/later/next/latest/');
  });

  it('answers /health without the store or the posts engine, for a signed-in browser too', async () => {
    const project = await buildProject(ctx.store);
    const { cookie } = await signIn(ctx.app, await buildUser(ctx.store, { project }), project);
    const repositories = Object.values(ctx.store).filter((value) => typeof value === 'object');
    const spies = [...repositories, ctx.engine].flatMap(forbidCalls);
    try {
      const response = await ctx.app.inject({ url: '/api/v1/health', headers: { cookie } });
      expect(response.json()).toEqual({ success: true, data: { status: 'ok' } });
      expect(
        spies.filter((spy) => spy.mock.calls.length > 0).map((spy) => spy.getMockName()),
      ).toEqual([]);
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
  });
});
