import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, type BuiltProject } from '../../test/factories.js';
import { startFakeWxProvider } from '../../test/fake-wx-provider.js';
import { openTestApp, scopeQuery, sessionCookie } from '../../test/app.js';

describe('WeChat QR sign-in against a fake provider', () => {
  let provider: Awaited<ReturnType<typeof startFakeWxProvider>>;
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;

  beforeAll(async () => {
    provider = await startFakeWxProvider({
      appId: 'wx-app',
      appSecret: 'wx-secret',
      users: [
        { code: 'code-bound', openid: 'openid-bound', nickname: '微信用户' },
        { code: 'code-stranger', openid: 'openid-stranger', nickname: '陌生人' },
      ],
    });
    ctx = await openTestApp('pglite', {
      publicUrl: 'http://yuqing.test',
      wx: {
        appId: 'wx-app',
        appSecret: 'wx-secret',
        qrBaseUrl: provider.baseUrl,
        apiBaseUrl: provider.baseUrl,
      },
    });
    project = await buildProject(ctx.store, { profile: { loginTypes: ['wx', 'pw'] } });
    await buildUser(ctx.store, { project, role: 'admin', wxOpenid: 'openid-bound' });
  });
  afterAll(async () => {
    await ctx.close();
    await provider.close();
  });

  async function qrFrame() {
    const info = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/project_info',
      query: scopeQuery(project),
    });
    return info.json().data.config as {
      loginTypes: string[];
      wx: { qrUrl: string; loginOrigin: string };
    };
  }

  /** What the provider's QR page would send the frame back to after a scan. */
  async function scan(code: string) {
    const { wx } = await qrFrame();
    const qr = new URL(wx.qrUrl);
    const back = new URL(qr.searchParams.get('redirect_uri')!);
    back.searchParams.set('code', code);
    back.searchParams.set('state', qr.searchParams.get('state')!);
    return ctx.app.inject({ method: 'GET', url: back.pathname + back.search });
  }

  /** What the callback page posts to the login page: the data it carries for its script. */
  const posted = (html: string) =>
    JSON.parse(/<script type="application\/json" id="wx-login">(.*?)<\/script>/.exec(html)![1]!)
      .message;

  it('offers wx first when configured, with the QR page and the origin to trust', async () => {
    const config = await qrFrame();
    expect(config.loginTypes).toEqual(['wx', 'pw']);
    expect(config.wx.loginOrigin).toBe('http://yuqing.test');
    const qr = new URL(config.wx.qrUrl);
    expect(qr.origin).toBe(provider.baseUrl);
    expect(qr.searchParams.get('appid')).toBe('wx-app');
    expect(qr.searchParams.get('redirect_uri')).toMatch(
      /^http:\/\/yuqing\.test\/api\/v1\/wx\/callback\?/,
    );
  });

  it('exchanges the code, starts a WeChat session and posts token and user to the parent', async () => {
    const response = await scan('code-bound');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('"origin":"http://yuqing.test"');
    expect(response.body).toContain('<script src="/api/v1/wx/callback.js"></script>');
    expect(response.body).not.toMatch(/<script>/);
    const script = await ctx.app.inject({ method: 'GET', url: '/api/v1/wx/callback.js' });
    expect(script.headers['content-type']).toContain('text/javascript');
    expect(script.body).toContain('window.parent.postMessage(message, origin)');
    const message = posted(response.body);
    expect(message.user).toMatchObject({
      nickname: expect.any(String),
      isLogin: true,
      isWx: true,
      isAdmin: true,
    });
    expect(sessionCookie(response)).toBe(`token=${message.token}`);
    const user = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user',
      headers: { cookie: sessionCookie(response) },
      payload: scopeQuery(project),
    });
    expect(user.json().data).toMatchObject({ isLogin: true, isWx: true });
  });

  it('posts an error for an account bound to nobody, a bad code, or a forged state', async () => {
    expect(posted((await scan('code-stranger')).body).error).toContain('尚未绑定');
    expect(posted((await scan('code-unknown')).body).error).toContain('invalid code');
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/wx/callback',
      query: { ...scopeQuery(project), code: 'code-bound', state: `${Date.now() + 60_000}.forged` },
    });
    expect(posted(forged.body).error).toContain('state');
    expect(forged.cookies.find((c) => c.name === 'token')).toBeUndefined();
  });
});
