import Fastify, { type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, scopeQuery, signIn } from '../../test/app.js';
import { buildProject, buildUser } from '../../test/factories.js';
import { API_BASE, CALL_ACCESS, apiCalls } from '@yuqing/core';
import { declareRouteAccess } from './route-access.js';

describe('declared route access', () => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  beforeAll(async () => {
    ctx = await openTestApp('pglite');
    await ctx.app.ready();
  });
  afterAll(() => ctx.close());

  it('lists every API route with who may call it', () => {
    const api = [...ctx.app.routeAccess].filter(([key]) => key.includes(' /api/v1/'));
    expect(api.length).toBeGreaterThan(40);
    for (const [, access] of api) expect(CALL_ACCESS).toContain(access);
    expect(ctx.app.routeAccess.get('POST /api/v1/search')).toBe('project-member');
    expect(ctx.app.routeAccess.get('POST /api/v1/page_data')).toBe('project-member');
    expect(ctx.app.routeAccess.get('POST /api/v1/project')).toBe('project-admin');
    expect(ctx.app.routeAccess.get('GET /api/v1/admin/audit')).toBe('super-admin');
    expect(ctx.app.routeAccess.get('POST /api/v1/login')).toBe('public');
  });

  it("registers every call of the API from its contract in core, with the contract's access", () => {
    const registered = [...ctx.app.routeAccess]
      .filter(([key]) => key.includes(` ${API_BASE}/`) && !key.includes(`${API_BASE}/docs`))
      .filter(([key]) => !key.startsWith('HEAD '));
    const contracts = apiCalls().map(
      (call) => [`${call.method} ${API_BASE}${call.path}`, call.access] as const,
    );
    expect(new Set(contracts.map(([key]) => key)).size).toBe(contracts.length);
    expect(new Map(registered)).toEqual(new Map(contracts));
  });

  it('answers a guest 401 on every route that needs a session, whatever the body or query', async () => {
    const project = await buildProject(ctx.store);
    const guarded = [...ctx.app.routeAccess].filter(
      ([key, access]) => key.includes(' /api/v1/') && access !== 'public',
    );
    expect(guarded.length).toBeGreaterThan(40);
    const answers: string[] = [];
    for (const [key] of guarded) {
      const [method, route] = key.split(' ') as [InjectOptions['method'], string];
      const url = route.replace(/:\w+/g, 'x').replace('*', 'x');
      const withBody = method !== 'GET' && method !== 'HEAD';
      const calls: InjectOptions[] = [
        // The project named, a body of the wrong shape (or a query with wrong values).
        {
          query: { ...scopeQuery(project), page: 'many', size: '-1', _id: '', id: '' },
          ...(withBody && { payload: { unexpected: [[1]], name: 7 } }),
        },
        // No project named, a body that is not JSON.
        {
          ...(withBody && {
            headers: { 'content-type': 'application/json' },
            payload: '{not json',
          }),
        },
      ];
      for (const call of calls) {
        const response = await ctx.app.inject({ method, url, ...call });
        if (response.statusCode !== 401)
          answers.push(`${key}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(answers).toEqual([]);
  });

  it('refuses to start with an API route that declares nothing', async () => {
    const app = Fastify();
    declareRouteAccess(app);
    expect(() => app.get('/api/v1/forgotten', async () => 'x')).toThrow(
      'GET /api/v1/forgotten declares no access',
    );
    await app.close();
  });

  it('ends a cached session at once when it signs out', async () => {
    const project = await buildProject(ctx.store);
    const { cookie } = await signIn(ctx.app, await buildUser(ctx.store, { project }));
    const search = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/search',
        query: scopeQuery(project),
        headers: { cookie },
        payload: {},
      });
    expect((await search()).statusCode).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/logout', headers: { cookie } });
    expect((await search()).statusCode).toBe(410);
  });
});
