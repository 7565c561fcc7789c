import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES_RELOADED, TAGS_API, type TagRules } from '@yuqing/core';
import { demoRules } from '../seed/demo-rules.js';
import { openTestApp, scopeQuery } from '../../test/app.js';
import { buildProject, type BuiltProject } from '../../test/factories.js';
import { expectRoleMatrix, signInRoles, withCookie, type RoleFixture } from '../../test/roles.js';
import { testStoreKinds } from '../../test/stores.js';

const REVIEW = {
  title: '星河S7提车一个月',
  text: '星河S7的续航很满意，车机也很流畅，就是充电桩太难找',
  body: '',
  media_type: 'microblog',
  media_platform: 'Weibo',
  media: '微博',
};

describe.each(testStoreKinds())('/tags-api on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let roles: RoleFixture;

  beforeAll(async () => {
    ctx = await openTestApp(kind);
    project = await buildProject(ctx.store);
    roles = await signInRoles(ctx.app, ctx.store, project);
    await ctx.store.taggingRules.replace(project.id, demoRules, null);
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      query: scopeQuery(project),
      headers: withCookie(cookie),
      ...(payload && { payload }),
    });

  it('tags_new answers the products of a text with their sentences and topic rows', async () => {
    const response = await call('POST', TAGS_API.tagsNew, roles.cookies.viewer, {
      ...REVIEW,
      product_mentions: ['B5', '某款新车'],
    });
    expect(response.statusCode).toBe(200);
    const s7 = {
      brand: '星河汽车',
      category: '轿车',
      product_name: '星河S7',
      product_type: '中型轿车',
    };
    expect(response.json().data).toEqual({
      product_infos: [
        s7,
        { brand: '竞品B', category: 'SUV', product_name: 'B5', product_type: '紧凑型SUV' },
      ],
      product_mentions: ['星河S7', 'B5', '某款新车'],
      product_mentions_infos: [
        { ...s7, sentence_index: 0, topic_index: -1 },
        { ...s7, sentence_index: 1, topic_index: 0 },
      ],
    });
  });

  it('kg2 answers topic rows and the relations of the given product mentions', async () => {
    const mentions = (await call('POST', TAGS_API.tagsNew, roles.cookies.viewer, REVIEW)).json()
      .data;
    const response = await call('POST', TAGS_API.kg2, roles.cookies.viewer, {
      ...REVIEW,
      ...mentions,
    });
    expect(response.statusCode).toBe(200);
    const { topics, relations } = response.json().data;
    expect(
      topics.map((row: { topic: string; emotion: string }) => [row.topic, row.emotion]),
    ).toEqual([
      ['续航', '正面'],
      ['智能座舱', '正面'],
      ['充电', '负面'],
    ]);
    expect(topics[0]).toMatchObject({ topic_words: ['续航'], sentiment_words: ['满意'], score: 2 });
    expect(relations).toEqual([
      {
        combination: '星河S7-续航-正面',
        brand: '星河汽车',
        product_name: '星河S7',
        topic: '续航',
        emotion: '正面',
        sentence_index: 1,
        relations: ['星河S7口碑'],
      },
    ]);
  });

  it('refuses empty content and bad fields with 400 and a Chinese message', async () => {
    const empty = await call('POST', TAGS_API.tagsNew, roles.cookies.viewer, {
      title: ' ',
      text: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('请输入内容');
    const badMentions = await call('POST', TAGS_API.kg2, roles.cookies.viewer, {
      text: '星河S7',
      product_mentions_infos: [{ product_name: 'S7', sentence_index: -1 }],
    });
    expect(badMentions.statusCode).toBe(400);
    expect(badMentions.json().msg).toContain(
      'product_mentions_infos.0.sentence_index: 句子序号不能小于 0',
    );
    expect(badMentions.json().msg).toContain('product_mentions_infos.0.brand: 请输入品牌');
  });

  it('lets members tag and reload and only project admins read and write the rules', async () => {
    for (const [method, url, payload] of [
      ['POST', TAGS_API.tagsNew, REVIEW],
      ['POST', TAGS_API.kg2, REVIEW],
      ['PUT', TAGS_API.reloadRules, undefined],
    ] as const) {
      const codes = Object.fromEntries(
        await Promise.all(
          (['anonymous', 'viewer', 'admin', 'outsider'] as const).map(async (caller) => [
            caller,
            (await call(method, url, roles.cookies[caller], payload)).statusCode,
          ]),
        ),
      );
      expect(codes).toEqual({ anonymous: 401, viewer: 200, admin: 200, outsider: 403 });
    }
    await expectRoleMatrix(roles, (cookie) => call('GET', TAGS_API.rules, cookie), {
      admin: 200,
      superAdmin: 200,
    });
    await expectRoleMatrix(roles, (cookie) => call('PUT', TAGS_API.rules, cookie, demoRules), {
      admin: 200,
      superAdmin: 200,
    });
    await expectRoleMatrix(roles, (cookie) => call('GET', TAGS_API.rulesCsv, cookie), {
      admin: 200,
      superAdmin: 200,
    });
    const csv = { csv: 'kind,name\nnegation,不' };
    await expectRoleMatrix(roles, (cookie) => call('PUT', TAGS_API.rulesCsv, cookie, csv), {
      admin: 200,
      superAdmin: 200,
    });
    await call('PUT', TAGS_API.rules, roles.cookies.admin, demoRules);
  });

  it('reload swaps in the stored rules; replacing them through the API swaps them in at once', async () => {
    const products = async () =>
      (await call('POST', TAGS_API.tagsNew, roles.cookies.viewer, { text: '星河S9来了' })).json()
        .data.product_mentions;
    expect(await products()).toEqual([]);

    const withS9: TagRules = {
      ...demoRules,
      products: [
        ...demoRules.products,
        { name: '星河S9', type: '', brand: '星河汽车', category: '', aliases: [] },
      ],
    };
    await ctx.store.taggingRules.replace(project.id, withS9, null);
    expect(await products()).toEqual([]);
    const reload = await call('PUT', TAGS_API.reloadRules, roles.cookies.viewer);
    expect(reload.json()).toEqual({ success: true, msg: RULES_RELOADED, data: null });
    expect(await products()).toEqual(['星河S9']);

    expect((await call('PUT', TAGS_API.rules, roles.cookies.admin, demoRules)).statusCode).toBe(
      200,
    );
    expect(await products()).toEqual([]);
  });

  it('reads, exports and imports the rules as CSV; a bad rule set is refused whole', async () => {
    const read = await call('GET', TAGS_API.rules, roles.cookies.admin);
    expect(read.json().data).toMatchObject({
      rules: demoRules,
      updatedBy: roles.users.admin.username,
    });

    const exported = await call('GET', TAGS_API.rulesCsv, roles.cookies.admin);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.body.startsWith('\uFEFFkind,name,')).toBe(true);
    const imported = await call('PUT', TAGS_API.rulesCsv, roles.cookies.admin, {
      csv: exported.body,
    });
    expect(imported.statusCode).toBe(200);
    expect((await call('GET', TAGS_API.rules, roles.cookies.admin)).json().data.rules).toEqual(
      demoRules,
    );

    const badCsv = await call('PUT', TAGS_API.rulesCsv, roles.cookies.admin, {
      csv: 'kind,name,brand\nproduct,星河S9,无名品牌',
    });
    expect(badCsv.statusCode).toBe(400);
    expect(badCsv.json().msg).toBe('第 2 行 brand: 品牌 无名品牌 不在品牌规则中');
    const badJson = await call('PUT', TAGS_API.rules, roles.cookies.admin, {
      sentiments: [{ word: '好', weight: 0 }],
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().msg).toBe('sentiments.0.weight: 不能为 0');
    expect((await call('GET', TAGS_API.rules, roles.cookies.admin)).json().data.rules).toEqual(
      demoRules,
    );
  });
});
