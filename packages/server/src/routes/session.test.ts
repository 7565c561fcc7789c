import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_FAILURE_WINDOW_MS, loginLockoutList, type LoginLockout } from '@yuqing/core';
import * as password from '../auth/password.js';
import { hashToken, md5Hex } from '../auth/tokens.js';
import { buildProject, buildUser, type BuiltProject } from '../../test/factories.js';
import { openTestApp, scopeQuery, sessionCookie, signIn } from '../../test/app.js';
import { testStoreKinds } from '../../test/stores.js';

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

  const wrongPassword = (username: string) => ({
    username,
    password: md5Hex('wrong'),
    customer: { code: project.customer },
    timestamp: Date.now(),
  });
  const rightPassword = (user: { username: string; password: string }) => ({
    username: user.username,
    password: md5Hex(user.password),
    customer: { code: project.customer },
    timestamp: Date.now(),
  });
  /** `count` failures of `username` from as many addresses, the newest `agoMs` ago. */
  const failedFromEverywhere = async (username: string, count: number, agoMs: number) => {
    for (let i = 0; i < count; i++) {
      const at = new Date(Date.now() - agoMs - (count - 1 - i) * 1000);
      await ctx.store.loginFailures.record(username, `198.18.${count}.${i}`, at);
    }
  };

  it('slows an account down with a doubling delay, saying when to retry', async () => {
    const user = await buildUser(ctx.store);
    // Nine failures from elsewhere, the newest 20 s ago: past the 16 s the ninth asks for.
    await failedFromEverywhere(user.username, 9, 20_000);
    const tenth = await login(wrongPassword(user.username), '192.0.2.30');
    expect(tenth.statusCode).toBe(401);
    const slowed = await login(rightPassword(user), '192.0.2.31');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().msg).toMatch(/^该账号登录失败次数过多，请 \d+ 秒后再试$/);
    const wait = Number(slowed.headers['retry-after']);
    expect(wait).toBeGreaterThan(16);
    expect(wait).toBeLessThanOrEqual(32);
  });

  it('lets the owner in from another address once the delay has passed', async () => {
    const user = await buildUser(ctx.store);
    await failedFromEverywhere(user.username, 5, 1500);
    expect((await login(rightPassword(user), '192.0.2.41')).statusCode).toBe(200);
    // The guesser's failures still count: a success forgives only those of its own address.
    const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
    const recent = await ctx.store.loginFailures.recentSince(since, {
      username: user.username,
      address: '192.0.2.41',
    });
    expect(recent.byUsername).toBe(5);
  });

  it('waits at most a minute', async () => {
    const admin = await buildUser(ctx.store);
    await failedFromEverywhere(admin.username, 14, 61_000);
    expect((await login(rightPassword(admin), '192.0.2.43')).statusCode).toBe(200);
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
    expect(response.json().msg).toBe('登录失败次数过多，请 15 分钟后再试');
    const wait = Number(response.headers['retry-after']);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
  });

  it('forgets failures older than the window when it records one', async () => {
    const user = await buildUser(ctx.store);
    const old = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS - 60_000);
    await ctx.store.loginFailures.record(user.username, '198.18.99.1', old);
    expect((await login(wrongPassword(user.username), '192.0.2.44')).statusCode).toBe(401);
    const ever = await ctx.store.loginFailures.recentSince(new Date(0), {
      username: user.username,
      address: '198.18.99.1',
    });
    expect(ever).toMatchObject({ byUsername: 1, byAddress: 0 });
  });

  it('compares a password for an unknown user too', async () => {
    const verify = vi.spyOn(password, 'verifyPassword');
    try {
      const response = await login(wrongPassword('nobody-at-all'), '192.0.2.50');
      expect(response.statusCode).toBe(401);
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      verify.mockRestore();
    }
  });

  describe('GET /admin/login_lockouts', () => {
    const lockouts = (cookie: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/v1/admin/login_lockouts',
        headers: cookie ? { cookie } : {},
      });

    it('records a locked address and a slowed account for super admins', async () => {
      const user = await buildUser(ctx.store);
      for (let i = 0; i < 6; i++) await login(wrongPassword(user.username), '192.0.2.60');
      const superAdmin = await buildUser(ctx.store, { superAdmin: true });
      const answer = await lockouts((await signIn(ctx.app, superAdmin)).cookie);
      expect(answer.statusCode).toBe(200);
      const { list } = loginLockoutList.parse(answer.json().data);
      const mine = list.filter((lockout) => lockout.username === user.username);
      expect(mine).toHaveLength(2);
      const byKind = Object.fromEntries(mine.map((lockout) => [lockout.kind, lockout]));
      expect(byKind.address).toMatchObject({ address: '192.0.2.60', failures: 5 });
      expect(byKind.account).toMatchObject({ address: '192.0.2.60', failures: 5 });
      const { address, account } = byKind as Record<string, LoginLockout>;
      // Locked until the window has passed over its first failure.
      const locked = Date.parse(address!.until) - Date.parse(address!.startedAt);
      expect(locked).toBeGreaterThan(0);
      expect(locked).toBeLessThanOrEqual(LOGIN_FAILURE_WINDOW_MS);
      expect(Date.parse(account!.until) - Date.parse(account!.lastFailureAt)).toBe(1000);
    });

    it('is for super admins only', async () => {
      const admin = await buildUser(ctx.store, { project, role: 'admin' });
      expect((await lockouts('')).statusCode).toBe(401);
      expect((await lockouts((await signIn(ctx.app, admin, project)).cookie)).statusCode).toBe(403);
    });
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

  describe('behind a reverse proxy', () => {
    let proxied: Awaited<ReturnType<typeof openTestApp>>;
    beforeAll(async () => {
      proxied = await openTestApp(kind, {
        publicUrl: 'https://yq.example.com',
        trustedProxies: ['10.1.0.0/16'],
      });
    });
    afterAll(() => proxied.close());

    // A new username each time: only the address limit is at work here.
    let attempts = 0;
    const wrongFrom = (remoteAddress: string, forwardedFor: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
        payload: {
          username: `nobody-${++attempts}`,
          password: md5Hex('x'),
          customer: { code: 'c' },
          timestamp: Date.now(),
        },
      });

    it('does not believe X-Forwarded-For from a client', async () => {
      const statuses = [];
      for (let i = 0; i < 6; i++)
        statuses.push((await wrongFrom('192.0.2.70', `198.51.100.${i}`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it('believes it from a trusted proxy', async () => {
      for (let i = 0; i < 5; i++) await wrongFrom('10.1.2.3', '198.51.100.80');
      expect((await wrongFrom('10.1.2.3', '198.51.100.80')).statusCode).toBe(429);
      expect((await wrongFrom('10.1.2.3', '198.51.100.81')).statusCode).toBe(401);
    });
  });
});
