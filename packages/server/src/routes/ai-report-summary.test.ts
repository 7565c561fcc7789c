import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXAMPLE_POSTS } from '../../test/conformance/fixtures.js';
import type { StoredPost } from '../engine/types.js';
import { openTestApp, scopeQuery, type TestApp } from '../../test/app.js';
import { startFakeOpenAi, type FakeOpenAi, type FakeReply } from '../../test/fake-openai.js';
import { buildProject, type BuiltProject } from '../../test/factories.js';
import { signInRoles, type RoleFixture } from '../../test/roles.js';

const MARCH_1 = Date.parse('2024-03-01T00:00:00+08:00');
const HOUR = 3_600_000;
const post = (i: number, patch: Partial<StoredPost>): StoredPost => ({
  ...EXAMPLE_POSTS[0]!,
  _id: `s${i}`,
  created: MARCH_1 + i * HOUR,
  ...patch,
});
// Twelve posts: 7 on Weibo, 5 on WeChat; the most engaging first (engagement 112 down to 101).
const POSTS = Array.from({ length: 12 }, (_, at) =>
  post(at + 1, {
    media_platform: at < 7 ? 'Weibo' : 'WeChat',
    tendency: (['正面', '负面', '中性'] as const)[at % 3],
    title: `标题${at + 1}`,
    engagement_num: 112 - at,
    uri: at === 0 ? 'javascript:alert(1)' : `https://example.com/${at + 1}`,
  }),
);
const march1 = { start: MARCH_1, end: MARCH_1 + 24 * HOUR };

describe('POST /ai_report/summary', () => {
  let fake: FakeOpenAi;
  let reply: () => FakeReply;
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let bare: Awaited<ReturnType<typeof openTestApp>>;
  const projects = new Map<TestApp, { project: BuiltProject; roles: RoleFixture }>();

  beforeAll(async () => {
    fake = await startFakeOpenAi(() => reply());
    ctx = await openTestApp('pglite', {
      llm: { baseUrl: fake.url, apiKey: 'sk-summary', models: { gpt4: 'large-model' } },
    });
    bare = await openTestApp('pglite');
    for (const { app, store, engine } of [ctx, bare]) {
      const project = await buildProject(store);
      await engine.upsert({ projectId: project.id, timeZone: 'Asia/Shanghai' }, POSTS);
      projects.set(app, { project, roles: await signInRoles(app, store, project) });
    }
  });
  afterAll(async () => {
    await Promise.all([ctx.close(), bare.close()]);
    await fake.close();
  });
  beforeEach(() => {
    reply = () => ({ content: '本期声量 12 条，情感总体平稳。[1]\n\n微博是主要阵地。[4][5]' });
    fake.requests.length = 0;
  });

  const summarise = (
    app: TestApp,
    payload: object = march1,
    caller: 'viewer' | 'anonymous' = 'viewer',
  ) => {
    const { project, roles } = projects.get(app)!;
    return app.inject({
      method: 'POST',
      url: '/api/v1/ai_report/summary',
      query: scopeQuery(project),
      headers: caller === 'anonymous' ? {} : { cookie: roles.cookies[caller] },
      payload,
    });
  };

  it("answers the model's brief of the figures and top posts it was given, with its sources, to members", async () => {
    const response = await summarise(ctx.app);
    const data = response.json().data;
    expect(data).toMatchObject({
      lines: ['本期声量 12 条，情感总体平稳。[1]', '微博是主要阵地。[4][5]'],
      dropped: 0,
      insufficient: false,
    });
    // The four figures of the rule-based summary, then the eight most engaging posts.
    expect(data.sources.map((source: { kind: string }) => source.kind)).toEqual([
      ...Array(4).fill('figure'),
      ...Array(8).fill('post'),
    ]);
    expect(data.sources[0].text).toContain('本期共监测到相关信息 12 条');
    expect(data.sources[4]).toEqual({
      n: 5,
      kind: 'post',
      text: '微博 · 张三：标题1（互动 112）',
      post_id: 's1',
    });
    expect(data.sources[5]).toMatchObject({ n: 6, post_id: 's2', url: 'https://example.com/2' });
    expect(fake.requests).toHaveLength(1);
    const { model, messages, temperature } = fake.requests[0]!.body;
    expect(model).toBe('large-model');
    expect(temperature).toBe(0.3);
    expect(messages[0]!.role).toBe('system');
    expect(messages[1]!.content).toContain('[1] 本期共监测到相关信息 12 条');
    expect(messages[1]!.content).toContain('[4] 声量最高的平台是微博，共 7 条');
    expect(messages[1]!.content).toContain('[12] 微信 · 张三：标题8（互动 105）');
    expect((await summarise(ctx.app, march1, 'anonymous')).statusCode).toBe(401);
  });

  it('drops a sentence whose number the model was not given, and a citation of no source', async () => {
    reply = () => ({
      content:
        '本期声量 11 条。[1] 负面声量增长 35%，需要警惕。[2]\n微博 6 条，占比约 55%。[4][99]',
    });
    // Posts 2 to 12: 6 on Weibo.
    const data = (await summarise(ctx.app, { ...march1, start: MARCH_1 + HOUR + 1 })).json().data;
    // 35% is no figure's; 55% is 54.55% rounded.
    expect(data.lines).toEqual(['本期声量 11 条。[1]', '微博 6 条，占比约 55%。[4]']);
    expect(data.dropped).toBe(1);
  });

  it('says 数据不足 without asking the model when the period has under ten posts', async () => {
    const few = await summarise(ctx.app, { ...march1, media_platform: ['WeChat'] });
    expect(few.json().data).toEqual({
      lines: [expect.stringMatching(/^数据不足：本期仅有 5 条相关信息/)],
      sources: [],
      dropped: 0,
      insufficient: true,
    });
    expect(fake.requests).toEqual([]);
  });

  it("writes with the project's own brief prompt when an admin has one", async () => {
    const { project } = projects.get(ctx.app)!;
    const own = await ctx.store.prompts.add(project.id, {
      name: '周报口吻',
      type_name: '舆情简报',
      temperature: 0.1,
      prompt: [{ role: 'user', content: '用一句话概括：{figures}' }],
    });
    try {
      const response = await summarise(ctx.app, {
        ...march1,
        tendency: ['正面', '负面', '中性'],
      });
      expect(response.json().data.insufficient).toBe(false);
      const { messages, temperature } = fake.requests[0]!.body;
      expect(temperature).toBe(0.1);
      expect(messages).toEqual([
        {
          role: 'user',
          content: expect.stringMatching(/^用一句话概括：\[1\] 本期共监测到相关信息 12 条/),
        },
      ]);
    } finally {
      await ctx.store.prompts.remove(project.id, own._id);
    }
  });

  it('asks the model once for the same sources', async () => {
    // Posts 3 to 12: the model's "12 条" is no figure of theirs.
    const later = { ...march1, start: MARCH_1 + 2 * HOUR + 1 };
    await summarise(ctx.app, later);
    const again = await summarise(ctx.app, later);
    expect(again.json().data).toMatchObject({ lines: ['微博是主要阵地。[4][5]'], dropped: 1 });
    expect(fake.requests).toHaveLength(1);
  });

  it('answers null without asking the model when no post matches or no model is configured', async () => {
    const empty = await summarise(ctx.app, {
      start: Date.UTC(1995, 0, 1),
      end: Date.UTC(1995, 0, 2),
    });
    expect(empty.json()).toEqual({ success: true, data: null });
    expect((await summarise(bare.app)).json()).toEqual({ success: true, data: null });
    expect(fake.requests).toEqual([]);
  });

  it('says why when the model fails, so the page keeps its rule-based text', async () => {
    reply = () => ({ status: 429, message: 'busy' });
    // Posts 1 to 11.
    const response = await summarise(ctx.app, { ...march1, end: MARCH_1 + 11 * HOUR + 1 });
    expect(response.statusCode).toBe(503);
    expect(response.json().msg).toBe('语言模型服务繁忙，请稍后重试');
  });
});
