import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from './auth/tokens.js';
import { openTestApp, scopeQuery, signIn } from '../test/app.js';
import { buildProject, buildUser } from '../test/factories.js';

describe("Fastify's own refusals of a request", () => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  beforeAll(async () => {
    ctx = await openTestApp('pglite');
  });
  afterAll(() => ctx.close());

  const login = (payload: string | Buffer, contentType = 'application/json') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': contentType },
      payload,
    });
  const answer = (response: { statusCode: number; json(): unknown }) => [
    response.statusCode,
    response.json(),
  ];

  it('are told in Chinese in the common shape', async () => {
    expect(answer(await login('{"username": "a",'))).toEqual([
      400,
      { success: false, msg: '请求内容不是有效的 JSON' },
    ]);
    expect(answer(await login(''))).toEqual([
      400,
      { success: false, msg: '请求内容为空，请提交 JSON 内容' },
    ]);
    const body = JSON.stringify({
      username: 'a',
      password: md5Hex('x'),
      timestamp: 1,
      padding: 'x'.repeat(3 * 1024 * 1024),
    });
    expect(answer(await login(body))).toEqual([
      413,
      { success: false, msg: '请求内容过大，不能超过 1 MB' },
    ]);
  });

  it("name a route's own body limit", async () => {
    const project = await buildProject(ctx.store);
    const { cookie } = await signIn(
      ctx.app,
      await buildUser(ctx.store, { project, role: 'admin' }),
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/project_data',
      query: scopeQuery(project),
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x', data: 'x'.repeat(6 * 1024 * 1024) }),
    });
    expect(answer(response)).toEqual([413, { success: false, msg: '请求内容过大，不能超过 5 MB' }]);
  });

  it('of an upload of another type and of an address it cannot read are told in Chinese', async () => {
    const project = await buildProject(ctx.store);
    const { cookie } = await signIn(
      ctx.app,
      await buildUser(ctx.store, { project, role: 'admin' }),
    );
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/posts/import',
      query: scopeQuery(project),
      headers: { cookie, 'content-type': 'application/xml' },
      payload: '<posts/>',
    });
    expect(answer(upload)).toEqual([
      415,
      { success: false, msg: '不支持该内容类型 (Content-Type)' },
    ]);
    const image = (id: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/report/shared/imgs/${id}?token=x` });
    expect(answer(await image('%E0%A4%A'))).toEqual([
      400,
      { success: false, msg: '请求地址格式错误' },
    ]);
    expect(answer(await image('x'.repeat(200)))).toEqual([
      414,
      { success: false, msg: '请求地址过长' },
    ]);
  });
});
