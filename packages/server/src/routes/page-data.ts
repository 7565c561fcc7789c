import { POST_CALLS } from '@yuqing/core';
import { userMessageOf } from '../errors.js';
import type { LoopTurns } from '../http/loop-turns.js';
import type { RequestLimits } from '../http/request-limits.js';
import type { AnswerCache } from '../search/answer-cache.js';
import { loadPageData } from '../search/page-data.js';
import { publishedPage } from '../search/published-page.js';
import { CACHE_HEADER, bodySearch } from '../search/searcher.js';
import { subjectScope } from '../search/subject-scope.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

export function pageDataRoutes(
  api: Api,
  { access, engine, store }: RouteContext,
  limits: RequestLimits,
  answers: AnswerCache,
  turns: LoopTurns,
) {
  route(api, POST_CALLS.pageData, async ({ request, reply, query: scopeQuery, body, member }) => {
    const { page, version, widgets, query, now } = body;
    // The widgets of a page being edited are its admins' alone.
    const { viewer, project, subject, role } = widgets
      ? await access.requireProject(request, reply, scopeQuery, 'admin')
      : member;
    const { charts, scope: scopeChips } = widgets
      ? {
          charts: widgets,
          scope: await subjectScope(store, project.id, subject),
        }
      : await publishedPage(store, { project, subject, role }, page!, version);
    const scope = { projectId: project.id, timeZone: project.profile.timezone };

    // A browser that moved on closes the request: widgets not yet started are dropped.
    const controller = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    const describe = (error: unknown) => {
      const message = userMessageOf(error);
      if (message !== undefined) return message;
      request.log.error(error);
      return '组件数据加载失败';
    };
    return limits.run(reply, viewer.user.id, async () => {
      const started = performance.now();
      const tally = { hits: 0, misses: 0 };
      const data = await loadPageData(
        charts,
        query,
        { now: now ?? Date.now(), timeZone: scope.timeZone },
        bodySearch({ engine, answers }, scope, scopeChips, controller.signal, tally),
        controller.signal,
        describe,
      );
      reply.header(CACHE_HEADER, `${tally.hits}/${tally.hits + tally.misses}`);
      const took = Math.round(performance.now() - started);
      // Serialised and written in a turn of its own: a page's answer may be large, and others
      // that waited on the same searches resume with it.
      await turns.take();
      return ok({ widgets: data, took });
    });
  });
}
