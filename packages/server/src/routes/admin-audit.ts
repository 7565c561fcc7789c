import { ADMIN_CALLS } from '@yuqing/core';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

/** The audit log of tenancy administration, newest first (super admins). */
export function adminAuditRoutes(api: Api, { store }: RouteContext) {
  route(api, ADMIN_CALLS.audit, async ({ query }) => ok(await store.auditLog.page(query)));
}
