import { POST_CALLS } from '@yuqing/core';
import type { LoopTurns } from '../http/loop-turns.js';
import type { RequestLimits } from '../http/request-limits.js';
import type { AnswerCache } from '../search/answer-cache.js';
import { CACHE_HEADER, runCached } from '../search/searcher.js';
import { subjectScope } from '../search/subject-scope.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

export function searchRoutes(
  api: Api,
  { engine, store }: RouteContext,
  limits: RequestLimits,
  answers: AnswerCache,
  turns: LoopTurns,
) {
  route(api, POST_CALLS.search, async ({ reply, body, member }) => {
    const { viewer, project, subject } = member;
    // A subject's posts are the project's within its scope, whichever page or report asks.
    const scope = await subjectScope(store, project.id, subject);
    return limits.run(reply, viewer.user.id, async () => {
      const started = performance.now();
      const tally = { hits: 0, misses: 0 };
      const answer = await runCached(
        { engine, answers },
        { projectId: project.id, timeZone: project.profile.timezone },
        body,
        scope,
        tally,
      );
      reply.header(CACHE_HEADER, tally.hits > 0 ? 'hit' : 'miss');
      const took = Math.round(performance.now() - started);
      await turns.take();
      return ok({ ...answer, took });
    });
  });
}
