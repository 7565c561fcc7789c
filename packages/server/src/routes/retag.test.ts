import { IDLE_RETAG, tagRules, type TagRulesInput } from '@yuqing/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, scopeQuery, signIn } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/engines.js';
import { buildProject, buildUser, type BuiltProject } from '../../test/factories.js';

/** More posts than one batch of either engine (2,000). */
const POSTS = 2_500;
const TEXTS = ['竞品A的售后很差', '星河S7续航很满意', '今天去公园散步'];
const rules = (rivalPath: string): TagRulesInput => ({
  brands: [
    { name: '星河汽车', path: '/品牌/星河汽车', aliases: ['星河'] },
    { name: '竞品A', path: rivalPath },
  ],
  products: [{ name: '星河S7', brand: '星河汽车' }],
  sentiments: [
    { word: '满意', weight: 3 },
    { word: '差', weight: -3 },
  ],
});

describe.each(TEST_ENGINES)('/tags-api/retag on %s', (engine) => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let admin: string;
  let viewer: string;

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({ method, url, query: scopeQuery(project), headers: { cookie }, payload });
  const retag = (method: 'GET' | 'POST', cookie = admin) =>
    call(method, '/api/v1/tags-api/retag', cookie);
  const brandCounts = async () => {
    const response = await call('POST', '/api/v1/search', admin, {
      aggs: 'common_terms',
      field: 'kg_infos.brand_paths',
      level: 1,
      size: 10,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.list;
  };

  beforeAll(async () => {
    ctx = await openTestApp('pglite', {}, { engine });
    project = await buildProject(ctx.store);
    admin = (await signIn(ctx.app, await buildUser(ctx.store, { project, role: 'admin' }))).cookie;
    viewer = (await signIn(ctx.app, await buildUser(ctx.store, { project, role: 'viewer' })))
      .cookie;
    await ctx.store.taggingRules.replace(project.id, tagRules.parse(rules('/品牌/竞品A')), null);
    const created = Date.UTC(2024, 4, 1);
    const rows = Array.from({ length: POSTS }, (_, i) =>
      JSON.stringify({ _id: `r${i}`, created: created + i, text: TEXTS[i % TEXTS.length] }),
    );
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/posts/import',
      query: scopeQuery(project),
      headers: { cookie: admin, 'content-type': 'application/x-ndjson' },
      payload: rows.join('\n'),
    });
    expect(imported.json().data, imported.body).toMatchObject({ imported: POSTS });
  });
  afterAll(() => ctx.close());

  it('is for project admins: a viewer gets 403', async () => {
    expect((await retag('GET', viewer)).statusCode).toBe(403);
    expect((await retag('POST', viewer)).statusCode).toBe(403);
    expect((await retag('GET')).json().data).toEqual(IDLE_RETAG);
  });

  it('re-tags the stored posts by the changed rules, its progress reaching the total', async () => {
    const rivals = Math.ceil(POSTS / TEXTS.length);
    const stars = Math.ceil((POSTS - 1) / TEXTS.length);
    expect(await brandCounts()).toEqual([
      { name: '/品牌/竞品A', value: rivals },
      { name: '/品牌/星河汽车', value: stars },
    ]);
    await ctx.store.taggingRules.replace(project.id, tagRules.parse(rules('/品牌/竞品甲')), null);

    const started = await retag('POST');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toMatchObject({ state: 'running', total: POSTS, error: null });
    let status = started.json().data;
    while (status.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      status = (await retag('GET')).json().data;
    }
    expect(status).toEqual({ state: 'done', done: POSTS, total: POSTS, error: null });
    expect(await brandCounts()).toEqual([
      { name: '/品牌/竞品甲', value: rivals },
      { name: '/品牌/星河汽车', value: stars },
    ]);
    const listed = await call('POST', '/api/v1/search', admin, {
      'kg_infos.brand_paths': ['/品牌/竞品甲'],
      size: 1,
    });
    expect(listed.json().data.list[0].kg_infos.brand_paths).toEqual(['/品牌', '/品牌/竞品甲']);
  });
});
