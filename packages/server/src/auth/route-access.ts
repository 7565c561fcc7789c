import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { API_BASE, projectScope, type CallAccess } from '@yuqing/core';
import { badRequest } from '../errors.js';
import type { Access, ProjectAccess, Viewer } from './access.js';

/**
 * Who may call a route, declared by its call's contract (`config: { access }`) and checked by one
 * hook before the handler runs. What the hook resolved is handed to the handler (`grantOf`); a
 * handler that needs more (an admin for `type=manage`) checks that itself.
 */
export type RouteAccess = CallAccess;

/** What the access check resolved: the viewer, and the project and role for a project's call. */
export interface Grant {
  viewer?: Viewer;
  member?: ProjectAccess;
}

const grants = new WeakMap<FastifyRequest, Grant>();

/** What the access hook resolved for a request (nothing for a public call or the import command). */
export function grantOf(request: FastifyRequest): Grant {
  return grants.get(request) ?? {};
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/**
 * Routes that declare nothing and are public: the web app's and the themes' files, and the API
 * documentation, which plugins register; none takes input or shows a project's data.
 */
const isFileRoute = (url: string) =>
  !url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}/docs`);

/** Every route's declared access, by method and URL; a route that declares none stops startup. */
export function declareRouteAccess(app: FastifyInstance): Map<string, RouteAccess> {
  const declared = new Map<string, RouteAccess>();
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = ([] as string[]).concat(route.method);
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    for (const method of methods) {
      const key = `${method} ${route.url}`;
      if (access) declared.set(key, access);
      else if (isFileRoute(route.url)) declared.set(key, 'public');
      else throw new Error(`${key} declares no access (config.access)`);
    }
  });
  return declared;
}

/**
 * The project a call names: in its query, or in its path (`/customlay/tmpls/{repository}/…`).
 * Read before the route's own validation, so a scope that is wrong is refused here, as it would be.
 */
function scopeOf(request: FastifyRequest) {
  // A project named in the path is the one the call acts on, whatever the query says.
  const scope = projectScope.safeParse({
    ...(request.query as object),
    ...(request.params as object),
  });
  if (scope.success) return scope.data;
  const issue = scope.error.issues[0]!;
  throw badRequest(`${issue.path.join('.') || 'querystring'}: ${issue.message}`);
}

/**
 * The hook that checks a route's declared access as soon as the request is routed, before its
 * body is read, parsed or validated: a caller who is not signed in is told 401, never what the
 * body should hold (a 400 listing a route's fields) nor anything of the project named.
 */
export function checkRouteAccess(app: FastifyInstance, access: Access) {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const grant = await resolveGrant(access, request, reply);
    if (grant) grants.set(request, grant);
  });
}

async function resolveGrant(
  access: Access,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Grant | undefined> {
  const declared = request.routeOptions.config.access;
  switch (declared) {
    case 'signed-in':
      return { viewer: await access.requireViewer(request, reply) };
    case 'super-admin':
      return { viewer: await access.requireSuperAdmin(request, reply) };
    case 'project-member':
    case 'project-admin': {
      // Signed in first: a guest's malformed scope is a 401 too.
      const viewer = await access.requireViewer(request, reply);
      const minimum = declared === 'project-admin' ? 'admin' : 'viewer';
      return {
        viewer,
        member: await access.requireProject(request, reply, scopeOf(request), minimum),
      };
    }
    case 'local-cli-or-project-admin': {
      if (access.isLocalCli(request)) return undefined;
      const viewer = await access.requireViewer(request, reply);
      return {
        viewer,
        member: await access.requireProject(request, reply, scopeOf(request), 'admin'),
      };
    }
    default:
      return undefined;
  }
}
