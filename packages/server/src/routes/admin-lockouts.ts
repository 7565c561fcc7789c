import { ADMIN_CALLS } from '@yuqing/core';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

/** How many of the newest lockouts the list shows. */
const LIST_SIZE = 200;

/** Sign-in lockouts (addresses locked, accounts slowed down), for super admins. */
export function adminLockoutRoutes(api: Api, { store }: RouteContext) {
  route(api, ADMIN_CALLS.loginLockouts, async () =>
    ok({ list: await store.loginLockouts.newest(LIST_SIZE) }),
  );
}
