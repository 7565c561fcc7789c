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
const POSTS = [
  post(1, { media_platform: 'Weibo', tendency: '正面' }),
  post(2, { media_platform: 'Weibo', tendency: '负面' }),
  post(3, { media_platform: 'WeChat', tendency: '中性' }),
];
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
    reply = () => ({ content: '本期声量 3 条，情感总体平稳。\n\n微博是主要阵地。' });
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

  it("answers the model's summary of the numbers the rule-based summary states, to members", async () => {
    const response = await summarise(ctx.app);
    expect(response.json()).toEqual({
      success: true,
      data: { lines: ['本期声量 3 条，情感总体平稳。', '微博是主要阵地。'] },
    });
    expect(fake.requests).toHaveLength(1);
    const { model, messages } = fake.requests[0]!.body;
    expect(model).toBe('large-model');
    expect(messages[0]!.role).toBe('system');
    expect(messages[1]!.content).toContain('本期共监测到相关信息 3 条');
    expect(messages[1]!.content).toContain('声量最高的平台是微博，共 2 条');
    expect((await summarise(ctx.app, march1, 'anonymous')).statusCode).toBe(401);
  });

  it('asks the model once for the same numbers', async () => {
    const positive = { ...march1, tendency: ['正面'] };
    await summarise(ctx.app, positive);
    const again = await summarise(ctx.app, positive);
    expect(again.json().data.lines).toHaveLength(2);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body.messages[1]!.content).toContain('相关信息 1 条');
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
    const response = await summarise(ctx.app, { ...march1, tendency: ['负面'] });
    expect(response.statusCode).toBe(503);
    expect(response.json().msg).toBe('语言模型服务繁忙，请稍后重试');
  });
});
