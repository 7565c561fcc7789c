import { envelope, loginLockoutList } from '@yuqing/core';
import { forbidden } from '../errors.js';
import { ok, type Api, type RouteContext } from './context.js';

/** How many of the newest lockouts the list shows. */
const LIST_SIZE = 200;

/** Sign-in lockouts (addresses locked, accounts slowed down), for super admins. */
export function adminLockoutRoutes(api: Api, { store, access }: RouteContext) {
  api.get(
    '/admin/login_lockouts',
    {
      config: { access: 'super-admin' },
      schema: {
        summary:
          'The newest sign-in lockouts: addresses locked and accounts slowed down (super admins)',
        tags: ['admin'],
        response: { 200: envelope(loginLockoutList) },
      },
    },
    async (request, reply) => {
      const viewer = await access.requireViewer(request, reply);
      if (!viewer.user.isSuperAdmin) throw forbidden('需要超级管理员权限');
      return ok({ list: await store.loginLockouts.newest(LIST_SIZE) });
    },
  );
}
