import { z } from 'zod';
import { envelope, projectScope, searchRequest } from '@yuqing/core';
import type { RequestLimits } from '../http/request-limits.js';
import { runSearch } from '../search/run-search.js';
import { subjectScope } from '../search/subject-scope.js';
import { ok, type Api, type RouteContext } from './context.js';

export function searchRoutes(
  api: Api,
  { access, engine, store }: RouteContext,
  limits: RequestLimits,
) {
  api.post(
    '/search',
    {
      schema: {
        summary: 'Search posts, or run one aggregation of the catalog over them',
        description: 'Per user, a few run at once and more wait; past that, or too often: 429.',
        tags: ['posts'],
        querystring: projectScope,
        body: searchRequest,
        response: { 200: envelope(z.record(z.string(), z.unknown())) },
      },
    },
    async (request, reply) => {
      const { viewer, project, subject } = await access.requireProject(
        request,
        reply,
        request.query,
      );
      // A subject's posts are the project's within its scope, whichever page or report asks.
      const scope = await subjectScope(store, project.id, subject);
      return limits.run(reply, viewer.user.id, async () => {
        const started = performance.now();
        const answer = await runSearch(
          engine,
          { projectId: project.id, timeZone: project.profile.timezone },
          { ...request.body, filters: [...(request.body.filters ?? []), ...scope] },
        );
        return ok({ ...answer, took: Math.round(performance.now() - started) });
      });
    },
  );
}
