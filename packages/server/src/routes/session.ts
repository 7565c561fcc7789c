import type { FastifyReply } from 'fastify';
import {
  LOGIN_CLOCK_SKEW_MS,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES,
  SESSION_CALLS,
  projectScope,
} from '@yuqing/core';
import { badRequest, forbidden, tooManyRequests, unauthenticated } from '../errors.js';
import { clearSessionCookie, setSessionCookie } from '../auth/access.js';
import {
  accountRetryAt,
  addressUnlockAt,
  loginRefusal,
  type LoginRefusal,
} from '../auth/login-limits.js';
import { verifyPassword } from '../auth/password.js';
import type { Store } from '../store/index.js';
import type { RecentFailures } from '../store/login-failures.repo.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

export function sessionRoutes(api: Api, { store, access }: RouteContext) {
  route(api, SESSION_CALLS.login, async ({ request, reply, query, body }) => {
    const { username, password, timestamp } = body;
    const now = new Date();
    if (Math.abs(now.getTime() - timestamp) > LOGIN_CLOCK_SKEW_MS) {
      throw badRequest('timestamp: 与服务器时间相差超过 5 分钟，请校准本机时间');
    }
    const address = request.ip;
    const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
    const recent = await store.loginFailures.recentSince(since, { username, address });
    const refusal = loginRefusal(recent, now);
    if (refusal) throw refuse(reply, refusal, now);
    const user = await store.users.findByUsername(username);
    // Unknown users are compared too (against a dummy hash), so timing does not tell them apart.
    const valid = await verifyPassword(password, user?.passwordHash);
    if (!user || !valid) {
      await recordFailure(store, { username, address, at: now }, recent);
      throw unauthenticated('用户名或密码错误');
    }
    if (user.disabled) throw forbidden('账号已停用');
    await store.loginFailures.forgive(username, address);
    const token = await access.startSession(request, reply, user, false);
    const viewer = await access.viewer(request, reply, token);
    const scope = projectScope.safeParse(query);
    const project = scope.success ? await store.tenancy.findProject(scope.data) : undefined;
    return ok(await access.userInfo(viewer, project));
  });

  route(api, SESSION_CALLS.logout, async ({ request, reply }) => {
    const viewer = await access.viewer(request, reply).catch(() => undefined);
    if (viewer) await store.sessions.revoke(viewer.session.id);
    access.forgetAccess();
    clearSessionCookie(reply);
    return ok(null);
  });

  route(api, SESSION_CALLS.user, async ({ request, reply, body }) => {
    const { token, ...scope } = body;
    const { project } = await access.findProject(scope);
    const viewer = await access.viewer(request, reply, token);
    if (token && viewer) setSessionCookie(request, reply, token);
    return ok(await access.userInfo(viewer, project));
  });
}

/** A 429 whose Retry-After (and message) says when the next try is allowed. */
function refuse(reply: FastifyReply, refusal: LoginRefusal, now: Date) {
  const seconds = Math.max(1, Math.ceil((refusal.retryAt.getTime() - now.getTime()) / 1000));
  reply.header('retry-after', String(seconds));
  return tooManyRequests(
    refusal.kind === 'address'
      ? `登录失败次数过多，请 ${Math.ceil(seconds / 60)} 分钟后再试`
      : `该账号登录失败次数过多，请 ${seconds} 秒后再试`,
  );
}

/** Stores a failed sign-in, and the lockout it starts or prolongs for the super admin to see. */
async function recordFailure(
  store: Store,
  failure: { username: string; address: string; at: Date },
  before: RecentFailures,
) {
  const { username, address, at } = failure;
  await store.loginFailures.record(username, address, at);
  // Failures past the window count for nothing; dropping them keeps a long attack's table small.
  await store.loginFailures.prune(new Date(at.getTime() - LOGIN_FAILURE_WINDOW_MS));
  const byAddress = before.byAddress + 1;
  if (byAddress === LOGIN_MAX_FAILURES) {
    const until = addressUnlockAt(before.addressOldest ?? at);
    await store.loginLockouts.addressLocked({ ...failure, failures: byAddress, until });
  }
  const byUsername = before.byUsername + 1;
  if (byUsername >= LOGIN_MAX_FAILURES) {
    const until = accountRetryAt(at, byUsername);
    const episodeSince = new Date(at.getTime() - LOGIN_FAILURE_WINDOW_MS);
    await store.loginLockouts.accountThrottled(
      { ...failure, failures: byUsername, until },
      episodeSince,
    );
  }
}
