import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMPT_MAX_PER_PROJECT, type Prompt, type PromptInput } from '@yuqing/core';
import { openTestApp, scopeQuery } from '../../test/app.js';
import { buildProject, type BuiltProject } from '../../test/factories.js';
import { expectRoleMatrix, signInRoles, type RoleFixture } from '../../test/roles.js';
import { testStoreKinds } from '../../test/stores.js';

const sentiment: PromptInput = {
  name: '情感判断',
  type_name: '情感',
  prompt: [
    { role: 'system', content: '你是舆情分析师' },
    { role: 'user', content: '判断这篇文章的情感：{title}\n{text}' },
  ],
  temperature: 0.2,
};

describe.each(testStoreKinds())('/project_prompt on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;
  let roles: RoleFixture;

  beforeAll(async () => {
    ctx = await openTestApp(kind);
    project = await buildProject(ctx.store);
    roles = await signInRoles(ctx.app, ctx.store, project);
  });
  afterAll(() => ctx.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    options: { payload?: object; query?: Record<string, string>; cookie?: string } = {},
  ) =>
    ctx.app.inject({
      method,
      url: '/api/v1/project_prompt',
      query: { ...scopeQuery(project), ...options.query },
      headers: { cookie: options.cookie ?? roles.cookies.admin },
      ...(options.payload && { payload: options.payload }),
    });

  it('creates, lists, edits and deletes prompts', async () => {
    const created = await call('POST', { payload: sentiment });
    expect(created.statusCode).toBe(200);
    const prompt = created.json().data as Prompt;
    expect(prompt).toEqual({ _id: expect.any(String), ...sentiment });
    const withoutTemperature = { ...sentiment, name: '品牌', temperature: undefined };
    const brands = (await call('POST', { payload: withoutTemperature })).json().data as Prompt;
    expect(brands.temperature).toBe(0.7);
    expect((await call('GET')).json().data).toEqual([prompt, brands]);

    const edited = {
      ...prompt,
      name: '情感判断 v2',
      prompt: [{ role: 'user', content: '{body}' }],
    };
    expect((await call('PUT', { payload: edited })).json()).toEqual({
      success: true,
      data: edited,
    });
    expect((await call('DELETE', { query: { _id: brands._id } })).json()).toEqual({
      success: true,
      data: null,
    });
    expect((await call('GET')).json().data).toEqual([edited]);
  });

  it("keeps each project's prompts to itself", async () => {
    const mine = (await call('POST', { payload: sentiment })).json().data as Prompt;
    const outsider = roles.cookies.outsider;
    const other = {
      repository: roles.other.repository,
      customer: roles.other.customer,
      project: roles.other.project,
    };
    const theirs = (query: Record<string, string>) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/project_prompt',
        query,
        headers: { cookie: outsider },
        payload: mine,
      });
    const response = await theirs(other);
    expect(response.statusCode).toBe(404);
    expect(response.json().msg).toBe('_id: 提示词不存在');
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/project_prompt',
      query: other,
      headers: { cookie: outsider },
    });
    expect(list.json().data).toEqual([]);
  });

  it('is for project admins only', async () => {
    for (const method of ['GET', 'POST'] as const) {
      await expectRoleMatrix(
        roles,
        (cookie) =>
          ctx.app.inject({
            method,
            url: '/api/v1/project_prompt',
            query: scopeQuery(project),
            headers: cookie ? { cookie } : {},
            ...(method === 'POST' && { payload: sentiment }),
          }),
        { admin: 200, superAdmin: 200 },
      );
    }
  });

  it('names what is wrong in a prompt', async () => {
    const cases: [object, string][] = [
      [{ ...sentiment, name: ' ' }, 'name: 请输入名称'],
      [{ ...sentiment, temperature: 2.5 }, 'temperature: 温度不能大于 2'],
      [{ ...sentiment, prompt: [] }, 'prompt: 请输入提示词'],
      [{ ...sentiment, prompt: [{ role: 'robot', content: 'x' }] }, 'prompt.0.role: '],
      [{ ...sentiment, type_name: undefined }, 'type_name: 请输入提示词类型'],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', { payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toContain(message);
    }
    const unknown = await call('PUT', {
      payload: { ...sentiment, _id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
    const notAnId = await call('DELETE', { query: { _id: 'nope' } });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().msg).toMatch(/^_id: ID/);
  });

  it(`keeps at most ${PROMPT_MAX_PER_PROJECT} prompts a project`, async () => {
    const full = await buildProject(ctx.store);
    const admin = await signInRoles(ctx.app, ctx.store, full);
    for (let i = await ctx.store.prompts.count(full.id); i < PROMPT_MAX_PER_PROJECT; i++) {
      await ctx.store.prompts.add(full.id, { ...sentiment, name: `提示词 ${i}` });
    }
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/project_prompt',
      query: scopeQuery(full),
      headers: { cookie: admin.cookies.admin },
      payload: sentiment,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(`每个项目最多保存 ${PROMPT_MAX_PER_PROJECT} 条提示词`);
  });
});
