import { tagRules, type TagRulesInput } from '@yuqing/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApp, scopeQuery, signIn } from '../../test/app.js';
import { TEST_ENGINES } from '../../test/engines.js';
import { buildProject, buildUser, type BuiltProject } from '../../test/factories.js';

const created = Date.UTC(2024, 4, 1);
const rules = (rivalPath: string): TagRulesInput => ({
  brands: [
    { name: '星河汽车', path: '/品牌/星河汽车', aliases: ['星河'] },
    { name: '竞品A', path: rivalPath },
  ],
  products: [{ name: '星河S7', brand: '星河汽车' }],
  topics: [{ name: '续航', path: '/话题/续航', words: ['续航'] }],
  sentiments: [
    { word: '满意', weight: 3 },
    { word: '差', weight: -3 },
  ],
});

describe.each(TEST_ENGINES)(
  'POST /posts/import on %s tags posts by the project rules',
  (engine) => {
    let ctx: Awaited<ReturnType<typeof openTestApp>>;
    let project: BuiltProject;
    let admin: string;

    const importPosts = async (rows: Record<string, unknown>[]) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/posts/import',
        query: scopeQuery(project),
        headers: { cookie: admin, 'content-type': 'application/x-ndjson' },
        payload: rows.map((row) => JSON.stringify({ created, ...row })).join('\n'),
      });
      expect(response.json().data, response.body).toMatchObject({ imported: rows.length });
    };
    const search = async (body: Record<string, unknown>) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/search',
        query: scopeQuery(project),
        headers: { cookie: admin },
        payload: { sort: 'created asc', size: 50, ...body },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.list as {
        _id: string;
        kg_infos?: { brand_paths: string[]; emotion: string; main_topic: string };
        product_mentions?: string[];
      }[];
    };
    const ids = async (body: Record<string, unknown>) =>
      (await search(body)).map((post) => post._id).sort();
    const replaceRules = (input: TagRulesInput) =>
      ctx.store.taggingRules.replace(project.id, tagRules.parse(input), null);

    beforeAll(async () => {
      ctx = await openTestApp('pglite', {}, { engine });
      project = await buildProject(ctx.store);
      admin = (await signIn(ctx.app, await buildUser(ctx.store, { project, role: 'admin' })))
        .cookie;
      await importPosts([{ _id: 'before', text: '星河S7续航很满意' }]);
      await replaceRules(rules('/品牌/竞品A'));
      await importPosts([
        { _id: 't1', title: '星河S7', text: '星河S7续航很满意' },
        { _id: 't2', text: '竞品A的售后很差' },
        { _id: 't3', text: '今天去公园散步' },
        { _id: 't4', text: '星河S7', kg_infos: { brand_paths: ['/品牌/竞品B'] } },
      ]);
      await replaceRules(rules('/品牌/竞品甲'));
      await importPosts([{ _id: 't5', text: '竞品A也很满意' }]);
    });
    afterAll(() => ctx.close());

    it('counts by kg_infos.brand_paths what the tags say', async () => {
      expect(await ids({ 'kg_infos.brand_paths': ['/品牌/星河汽车'] })).toEqual(['t1']);
      expect(await ids({ 'kg_infos.brand_paths': ['/品牌/竞品A'] })).toEqual(['t2']);
      const terms = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/search',
        query: scopeQuery(project),
        headers: { cookie: admin },
        payload: { aggs: 'common_terms', field: 'kg_infos.brand_paths', level: 1, size: 10 },
      });
      expect(terms.json().data.list).toEqual([
        { name: '/品牌/星河汽车', value: 1 },
        { name: '/品牌/竞品A', value: 1 },
        { name: '/品牌/竞品B', value: 1 },
        { name: '/品牌/竞品甲', value: 1 },
      ]);
    });

    it('stores the tagger’s kg_infos and product mentions, paths with their ancestors', async () => {
      const t1 = (await search({})).find((post) => post._id === 't1')!;
      expect(t1.kg_infos).toMatchObject({
        brand_paths: ['/品牌', '/品牌/星河汽车', '/品牌/星河汽车/星河S7'],
        emotion: '正面',
        main_topic: '续航',
      });
      expect(t1.product_mentions).toEqual(['星河S7']);
      expect((await search({})).find((post) => post._id === 't3')?.kg_infos).toMatchObject({
        brand_paths: [],
        emotion: '',
      });
    });

    it('keeps the kg_infos a post brings, and tags nothing without rules', async () => {
      expect(await ids({ 'kg_infos.brand_paths': ['/品牌/竞品B'] })).toEqual(['t4']);
      expect((await search({})).find((post) => post._id === 'before')).not.toHaveProperty(
        'kg_infos',
      );
    });

    it('tags a later import by the rules as they are then', async () => {
      expect(await ids({ 'kg_infos.brand_paths': ['/品牌/竞品甲'] })).toEqual(['t5']);
    });
  },
);
