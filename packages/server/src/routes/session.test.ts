import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, md5Hex } from '../auth/tokens.js';
import { buildProject, buildUser, type BuiltProject } from '../testing/factories.js';
import { openTestApp, scopeQuery, sessionCookie, signIn } from '../testing/app.js';
import { testStoreKinds } from '../testing/stores.js';

describe.each(testStoreKinds())('sign-in and sessions on %s', (kind) => {
  let ctx: Awaited<ReturnType<typeof openTestApp>>;
  let project: BuiltProject;

  beforeAll(async () => {
    ctx = await openTestApp(kind);
    project = await buildProject(ctx.store);
  });
  afterAll(() => ctx.close());

  // Failures are counted per address too, so each test that fails on purpose uses its own.
  const login = (payload: Record<string, unknown>, remoteAddress = '192.0.2.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      query: scopeQuery(project),
      payload,
      remoteAddress,
    });

  it('signs in with the MD5 of the password and sets an HttpOnly, SameSite=Lax, 30-day cookie', async () => {
    const user = await buildUser(ctx.store, { project, role: 'admin' });
    const { response } = await signIn(ctx.app, user, project);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: {
        nickname: `昵称${user.username}`,
        isLogin: true,
        isWx: false,
        isAdmin: true,
        isSuperAdmin: false,
        isGuest: false,
      },
    });
    const cookie = response.cookies.find((c) => c.name === 'token');
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: 30 * 24 * 3600,
    });
  });

  it('stores only a slow salted hash of the MD5', async () => {
    const user = await buildUser(ctx.store);
    const stored = await ctx.store.users.findByUsername(user.username);
    expect(stored?.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(stored?.passwordHash).not.toContain(md5Hex(user.password));
  });

  it('refuses a wrong password with 401 and no cookie', async () => {
    const user = await buildUser(ctx.store);
    const response = await login(
      {
        username: user.username,
        password: md5Hex('wrong'),
        customer: { code: project.customer },
        timestamp: Date.now(),
      },
      '192.0.2.2',
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, msg: '用户名或密码错误' });
    expect(response.cookies).toHaveLength(0);
  });

  it('names the field of bad input with 400', async () => {
    const response = await login({ username: 'a', password: 'plain', customer: { code: 'c' } });
    expect(response.statusCode).toBe(400);
    const { msg } = response.json();
    expect(msg).toContain('password');
    expect(msg).toContain('timestamp');
    const garbage = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().success).toBe(false);
  });

  it('rejects a timestamp more than five minutes off', async () => {
    const user = await buildUser(ctx.store);
    const response = await login({
      username: user.username,
      password: md5Hex(user.password),
      customer: { code: project.customer },
      timestamp: Date.now() - 6 * 60 * 1000,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/^timestamp:/);
  });

  it('locks a user out after five failures, even with the right password', async () => {
    const user = await buildUser(ctx.store);
    for (let i = 0; i < 5; i++) {
      const response = await login(
        {
          username: user.username,
          password: md5Hex(`guess${i}`),
          customer: { code: project.customer },
          timestamp: Date.now(),
        },
        '192.0.2.3',
      );
      expect(response.statusCode).toBe(401);
    }
    const { response } = await signIn(ctx.app, user, project);
    expect(response.statusCode).toBe(429);
    expect(response.json().msg).toContain('登录失败次数过多');
  });

  it('limits failures per address across usernames', async () => {
    const remoteAddress = '203.0.113.9';
    for (let i = 0; i < 5; i++) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress,
        payload: {
          username: `nobody${i}`,
          password: md5Hex('x'),
          customer: { code: 'c' },
          timestamp: Date.now(),
        },
      });
    }
    const user = await buildUser(ctx.store);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      remoteAddress,
      payload: {
        username: user.username,
        password: md5Hex(user.password),
        customer: { code: 'c' },
        timestamp: Date.now(),
      },
    });
    expect(response.statusCode).toBe(429);
  });

  it('refuses a disabled account', async () => {
    const user = await buildUser(ctx.store, { disabled: true });
    const { response } = await signIn(ctx.app, user, project);
    expect(response.statusCode).toBe(403);
  });

  describe('POST /user', () => {
    const userInfo = (cookie?: string, body: Record<string, unknown> = {}) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user',
        headers: cookie ? { cookie } : {},
        payload: { ...scopeQuery(project), ...body },
      });

    it('answers a guest without a session', async () => {
      const response = await userInfo();
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ isLogin: false, isGuest: true, isAdmin: false });
    });

    it('answers each role for the project named', async () => {
      const viewer = await buildUser(ctx.store, { project, role: 'viewer' });
      const admin = await buildUser(ctx.store, { project, role: 'admin' });
      const superAdmin = await buildUser(ctx.store, { superAdmin: true });
      const outsider = await buildUser(ctx.store, {
        project: await buildProject(ctx.store),
        role: 'admin',
      });
      const roles = [];
      for (const user of [viewer, admin, superAdmin, outsider]) {
        const { cookie } = await signIn(ctx.app, user);
        const data = (await userInfo(cookie)).json().data;
        roles.push([data.isLogin, data.isAdmin, data.isSuperAdmin]);
      }
      expect(roles).toEqual([
        [true, false, false],
        [true, true, false],
        [true, true, true],
        [true, false, false],
      ]);
    });

    it('turns a token from a link into the session cookie', async () => {
      const user = await buildUser(ctx.store, { project });
      const { cookie } = await signIn(ctx.app, user);
      const token = cookie.slice('token='.length);
      const response = await userInfo(undefined, { token });
      expect(response.json().data.isLogin).toBe(true);
      expect(sessionCookie(response)).toBe(cookie);
    });

    it('answers 404 for an unknown project and 400 for a malformed one', async () => {
      const unknown = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user',
        payload: { repository: 'yuqing', customer: 'nobody', project: 'none' },
      });
      expect(unknown.statusCode).toBe(404);
      const malformed = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user',
        payload: { repository: 'yuqing', customer: '../etc', project: 'x' },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().msg).toMatch(/^customer:/);
    });

    it('answers 410 for a revoked or expired session and clears the cookie', async () => {
      const user = await buildUser(ctx.store, { project });
      const { cookie } = await signIn(ctx.app, user);
      const logout = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/logout',
        headers: { cookie },
      });
      expect(logout.statusCode).toBe(200);
      const revoked = await userInfo(cookie);
      expect(revoked.statusCode).toBe(410);
      expect(revoked.cookies.find((c) => c.name === 'token')?.value).toBe('');

      const expiredToken = `expired-token-of-${user.id}`;
      await ctx.store.sessions.create({
        tokenHash: hashToken(expiredToken),
        userId: user.id,
        isWx: false,
        address: '127.0.0.1',
        expiresAt: new Date(Date.now() - 1000),
      });
      expect((await userInfo(`token=${expiredToken}`)).statusCode).toBe(410);
    });

    it('treats an unknown token as no session', async () => {
      const response = await userInfo('token=not-a-real-session-token');
      expect(response.statusCode).toBe(200);
      expect(response.json().data.isGuest).toBe(true);
    });
  });
});
