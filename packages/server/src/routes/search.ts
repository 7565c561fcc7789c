import { z } from 'zod';
import { envelope, projectScope, searchRequest } from '@yuqing/core';
import type { RequestLimits } from '../http/request-limits.js';
import type { AnswerCache } from '../search/answer-cache.js';
import { CACHE_HEADER, runCached } from '../search/searcher.js';
import { subjectScope } from '../search/subject-scope.js';
import { ok, type Api, type RouteContext } from './context.js';

export function searchRoutes(
  api: Api,
  { access, engine, store }: RouteContext,
  limits: RequestLimits,
  answers: AnswerCache,
) {
  api.post(
    '/search',
    {
      config: { access: 'project-member' },
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
        const tally = { hits: 0, misses: 0 };
        const answer = await runCached(
          { engine, answers },
          { projectId: project.id, timeZone: project.profile.timezone },
          request.body,
          scope,
          tally,
        );
        reply.header(CACHE_HEADER, tally.hits > 0 ? 'hit' : 'miss');
        return ok({ ...answer, took: Math.round(performance.now() - started) });
      });
    },
  );
}
