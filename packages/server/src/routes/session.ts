import { z } from 'zod';
import {
  LOGIN_CLOCK_SKEW_MS,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES,
  envelope,
  loginPayload,
  projectScope,
  userInfo,
  userInfoRequest,
} from '@yuqing/core';
import { badRequest, forbidden, tooManyRequests, unauthenticated } from '../errors.js';
import { clearSessionCookie, setSessionCookie } from '../auth/access.js';
import { verifyPassword } from '../auth/password.js';
import { ok, type Api, type RouteContext } from './context.js';

const optionalScope = projectScope.partial();

export function sessionRoutes(api: Api, { store, access }: RouteContext) {
  api.post(
    '/login',
    {
      schema: {
        summary: 'Sign in with username and the MD5 of the password',
        tags: ['session'],
        body: loginPayload,
        querystring: optionalScope,
        response: { 200: envelope(userInfo) },
      },
    },
    async (request, reply) => {
      const { username, password, timestamp } = request.body;
      if (Math.abs(Date.now() - timestamp) > LOGIN_CLOCK_SKEW_MS) {
        throw badRequest('timestamp: 与服务器时间相差超过 5 分钟，请校准本机时间');
      }
      const address = request.ip;
      const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
      const failures = await store.loginFailures.countSince(since, { username, address });
      if (failures.byUsername >= LOGIN_MAX_FAILURES || failures.byAddress >= LOGIN_MAX_FAILURES) {
        throw tooManyRequests('登录失败次数过多，请 15 分钟后再试');
      }
      const user = await store.users.findByUsername(username);
      const valid = user?.passwordHash ? await verifyPassword(password, user.passwordHash) : false;
      if (!user || !valid) {
        await store.loginFailures.record(username, address);
        throw unauthenticated('用户名或密码错误');
      }
      if (user.disabled) throw forbidden('账号已停用');
      await store.loginFailures.clearUser(username);
      const token = await access.startSession(request, reply, user, false);
      const viewer = await access.viewer(request, reply, token);
      const scope = projectScope.safeParse(request.query);
      const project = scope.success ? await store.tenancy.findProject(scope.data) : undefined;
      return ok(await access.userInfo(viewer, project));
    },
  );

  api.post(
    '/logout',
    {
      schema: {
        summary: 'End the current session',
        tags: ['session'],
        querystring: optionalScope,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      const viewer = await access.viewer(request, reply).catch(() => undefined);
      if (viewer) await store.sessions.revoke(viewer.session.id);
      clearSessionCookie(reply);
      return ok(null);
    },
  );

  api.post(
    '/user',
    {
      schema: {
        summary: 'Who is signed in, and what they may do in this project',
        tags: ['session'],
        body: userInfoRequest,
        querystring: optionalScope,
        response: { 200: envelope(userInfo) },
      },
    },
    async (request, reply) => {
      const { token, ...scope } = request.body;
      const { project } = await access.findProject(scope);
      const viewer = await access.viewer(request, reply, token);
      if (token && viewer) setSessionCookie(request, reply, token);
      return ok(await access.userInfo(viewer, project));
    },
  );
}
