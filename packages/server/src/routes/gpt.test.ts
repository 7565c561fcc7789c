import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readModelAnswer } from '@yuqing/core';
import { startFakeOpenAi, type FakeOpenAi, type FakeReply } from '../../test/fake-openai.js';
import { openTestApp, scopeQuery, type TestApp } from '../../test/app.js';
import { buildProject, type BuiltProject } from '../../test/factories.js';
import { expectRoleMatrix, signInRoles, type RoleFixture } from '../../test/roles.js';

const API_KEY = 'sk-test-4f1c9a77e0d24b6e';
const question = {
  type: 'gpt3',
  messages: [
    { role: 'system', content: '你是舆情分析师' },
    { role: 'user', content: '这篇文章的情感是什么？' },
  ],
  temperature: 0.3,
};

describe('POST /gpt', () => {
  let fake: FakeOpenAi;
  let reply: () => FakeReply;
  /** Configured with gpt3 only, logging at info into `logLines`. */
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  /** Configured, with a 200 ms model call and one call of a user at a time. */
  let short: Awaited<ReturnType<typeof openTestApp>>;
  let bare: Awaited<ReturnType<typeof openTestApp>>;
  const logLines: string[] = [];
  const projects = new Map<TestApp, { project: BuiltProject; roles: RoleFixture }>();

  beforeAll(async () => {
    fake = await startFakeOpenAi(() => reply());
    const llm = { baseUrl: fake.url, apiKey: API_KEY, models: { gpt3: 'small-model' } };
    ctx = await openTestApp(
      'pglite',
      { llm, logLevel: 'info' },
      { logStream: { write: (line) => logLines.push(line) } },
    );
    short = await openTestApp(
      'pglite',
      { llm },
      {
        model: {
          timeoutMs: 200,
          limits: { concurrent: 1, queued: 0, burst: 100, perSecond: 1 },
        },
      },
    );
    bare = await openTestApp('pglite');
    for (const { app, store } of [ctx, short, bare]) {
      const project = await buildProject(store);
      projects.set(app, { project, roles: await signInRoles(app, store, project) });
    }
  });
  afterAll(async () => {
    await Promise.all([ctx.close(), short.close(), bare.close()]);
    await fake.close();
  });
  beforeEach(() => {
    reply = () => ({ content: '整体情感偏正面。' });
    fake.requests.length = 0;
    logLines.length = 0;
  });

  const ask = (app: TestApp, payload: object = question, caller: 'admin' | 'viewer' = 'admin') => {
    const { project, roles } = projects.get(app)!;
    return app.inject({
      method: 'POST',
      url: '/api/v1/gpt',
      query: scopeQuery(project),
      headers: { cookie: roles.cookies[caller] },
      payload,
    });
  };

  it('tells the web which models it may offer: the configured ones only', async () => {
    for (const [app, models] of [
      [ctx.app, ['gpt3']],
      [bare.app, []],
    ] as const) {
      const { project, roles } = projects.get(app)!;
      const detail = await app.inject({
        method: 'GET',
        url: '/api/v1/project',
        query: scopeQuery(project),
        headers: { cookie: roles.cookies.viewer },
      });
      expect(detail.json().data.models).toEqual(models);
    }
  });

  it("answers the model's text, asking the model gpt3 names with the key", async () => {
    const response = await ask(ctx.app);
    expect(response.json()).toEqual({ success: true, data: { content: '整体情感偏正面。' } });
    expect(fake.requests).toEqual([
      {
        authorization: `Bearer ${API_KEY}`,
        body: expect.objectContaining({
          model: 'small-model',
          messages: question.messages,
          temperature: 0.3,
        }),
      },
    ]);
  });

  it('answers a table as the JSON text the model wrote, which core reads as a table', async () => {
    const table = '[{"品牌": "星河", "情感": "正面"}, {"品牌": "远航", "情感": "负面"}]';
    reply = () => ({ content: table });
    const response = await ask(ctx.app);
    const { content } = response.json().data as { content: string };
    expect(content).toBe(table);
    expect(readModelAnswer(content)).toEqual({
      kind: 'table',
      columns: ['品牌', '情感'],
      rows: [
        ['星河', '正面'],
        ['远航', '负面'],
      ],
    });
  });

  it('says the model is busy after its 429, having retried once', async () => {
    reply = () => ({ status: 429, message: 'Rate limit reached' });
    const response = await ask(ctx.app);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ success: false, msg: '语言模型服务繁忙，请稍后重试' });
    expect(fake.requests).toHaveLength(2);
  });

  it('retries a failed call at most once, and names the status of a failure', async () => {
    let calls = 0;
    reply = () => (++calls === 1 ? { status: 500, message: 'oops' } : { content: '好' });
    expect((await ask(ctx.app)).json()).toEqual({ success: true, data: { content: '好' } });
    expect(fake.requests).toHaveLength(2);

    fake.requests.length = 0;
    reply = () => ({ status: 502, message: 'bad gateway' });
    const failed = await ask(ctx.app);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().msg).toBe('语言模型服务出错（状态码 502），请稍后重试');
    expect(fake.requests).toHaveLength(2);
  });

  it('never logs or answers the API key, even when the model repeats it', async () => {
    reply = () => ({ status: 401, message: `Incorrect API key provided: ${API_KEY}` });
    const response = await ask(ctx.app);
    expect(response.statusCode).toBe(502);
    expect(response.json().msg).toBe('语言模型服务出错（状态码 401），请稍后重试');
    expect(response.body).not.toContain(API_KEY);
    const log = logLines.join('');
    expect(log).toContain('language model call failed');
    expect(log).toContain('Incorrect API key provided');
    expect(log).not.toContain(API_KEY);
  });

  it('says so when the model takes too long, having asked at most twice', async () => {
    reply = () => 'hang';
    const hungUpBefore = fake.closed;
    const response = await ask(short.app);
    expect(response.statusCode).toBe(504);
    expect(response.json().msg).toMatch(/^语言模型响应超时/);
    expect(fake.requests.length).toBeGreaterThanOrEqual(1);
    expect(fake.requests.length).toBeLessThanOrEqual(2);
    await fake.hungUp(hungUpBefore + fake.requests.length);
  });

  it("refuses a user's call past their limit without asking the model", async () => {
    reply = () => 'hang';
    const first = ask(short.app);
    await fake.arrived(1);
    const second = await ask(short.app);
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBeDefined();
    expect((await first).statusCode).toBe(504);
    expect(
      fake.requests.every(
        ({ body }) => body.messages[1]?.content === question.messages[1]!.content,
      ),
    ).toBe(true);
  });

  it('stops the model call when the browser goes away', async () => {
    reply = () => 'hang';
    const hungUpBefore = fake.closed;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const { project, roles } = projects.get(ctx.app)!;
    const body = JSON.stringify(question);
    const browser = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/v1/gpt?${new URLSearchParams(scopeQuery(project)).toString()}`,
      headers: {
        cookie: roles.cookies.admin,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    browser.on('error', () => {});
    browser.end(body);
    await fake.arrived(1);
    browser.destroy();
    await fake.hungUp(hungUpBefore + 1);
    expect(fake.requests).toHaveLength(1);
  });

  it('is for project admins only', async () => {
    const { project, roles } = projects.get(ctx.app)!;
    await expectRoleMatrix(
      roles,
      (cookie) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/v1/gpt',
          query: scopeQuery(project),
          headers: cookie ? { cookie } : {},
          payload: question,
        }),
      { admin: 200, superAdmin: 200 },
    );
  });

  it('names what is wrong in a request', async () => {
    const wrongType = await ask(ctx.app, { ...question, type: 'gpt5' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().msg).toMatch(/^type: /);
    const noMessages = await ask(ctx.app, { ...question, messages: [] });
    expect(noMessages.json()).toEqual({ success: false, msg: 'messages: 请输入消息' });
    const tooHot = await ask(ctx.app, { ...question, temperature: 3 });
    expect(tooHot.json().msg).toBe('temperature: 温度不能大于 2');
    expect(fake.requests).toEqual([]);
  });

  it('says which variables to set when no model is configured', async () => {
    const unconfigured = await ask(bare.app);
    expect(unconfigured.statusCode).toBe(503);
    expect(unconfigured.json().msg).toBe(
      '未配置语言模型：请设置环境变量 LLM_BASE_URL、LLM_API_KEY，以及 LLM_MODEL_GPT3 或 LLM_MODEL_GPT4',
    );
    const noGpt4 = await ask(ctx.app, { ...question, type: 'gpt4' });
    expect(noGpt4.statusCode).toBe(503);
    expect(noGpt4.json().msg).toBe('未配置 gpt4 使用的模型：请设置环境变量 LLM_MODEL_GPT4');
    expect(fake.requests).toEqual([]);
  });
});
