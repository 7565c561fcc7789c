import { auditPage, auditQuery, envelope } from '@yuqing/core';
import { ok, type Api, type RouteContext } from './context.js';

/** The audit log of tenancy administration, newest first (super admins). */
export function adminAuditRoutes(api: Api, { store, access }: RouteContext) {
  api.get(
    '/admin/audit',
    {
      config: { access: 'super-admin' },
      schema: {
        summary: 'Administrative actions on customers, projects and users, newest first, paged',
        tags: ['admin'],
        querystring: auditQuery,
        response: { 200: envelope(auditPage) },
      },
    },
    async (request, reply) => {
      await access.requireSuperAdmin(request, reply);
      return ok(await store.auditLog.page(request.query));
    },
  );
}
