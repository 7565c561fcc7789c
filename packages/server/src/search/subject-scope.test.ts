import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboard } from '@yuqing/core';
import { openTestApp, scopeQuery, signIn } from '../../test/app.js';
import { buildProject, buildUser, type BuiltProject } from '../../test/factories.js';

describe('POST /search of a subject', () => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let viewer: string;

  beforeAll(async () => {
    ctx = await openTestApp('pglite');
    project = await buildProject(ctx.store);
    const admin = (await signIn(ctx.app, await buildUser(ctx.store, { project, role: 'admin' })))
      .cookie;
    viewer = (await signIn(ctx.app, await buildUser(ctx.store, { project, role: 'viewer' })))
      .cookie;
    await ctx.store.tenancy.createSubject({
      id: 'launch',
      projectId: project.id,
      name: '发布',
      tendencies: [],
    });
    const posts = [
      { _id: 's7', created: 1714550400000, text: '星河S7', brand_paths: ['/品牌/星河S7'] },
      { _id: 'x5', created: 1714550400000, text: '星河X5', brand_paths: ['/品牌/星河X5'] },
    ];
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/posts/import',
      query: scopeQuery(project),
      headers: { cookie: admin, 'content-type': 'application/x-ndjson' },
      payload: posts.map((post) => JSON.stringify(post)).join('\n'),
    });
    expect(imported.statusCode).toBe(200);
    const key = { projectId: project.id, subjectId: 'launch' };
    const scoped = dashboard.parse({ scope: [{ field: 'brand_paths', value: ['/品牌/星河S7'] }] });
    await ctx.store.dashboards.saveDraft(key, scoped, 0, null);
    await ctx.store.dashboards.publish(key, null);
  });
  afterAll(() => ctx.close());

  const ids = async (subjectId?: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/search',
      query: scopeQuery(project, subjectId),
      headers: { cookie: viewer },
      payload: { start: 1714000000000, end: 1715000000000, sort: 'created asc' },
    });
    expect(response.statusCode).toBe(200);
    return response
      .json()
      .data.list.map((post: { _id: string }) => post._id)
      .sort();
  };

  it('keeps every search of a subject within the scope its dashboard publishes', async () => {
    expect(await ids()).toEqual(['s7', 'x5']);
    expect(await ids('launch')).toEqual(['s7']);
  });
});
