import { z } from 'zod';
import { envelope, projectScope, searchRequest } from '@yuqing/core';
import { runSearch } from '../search/run-search.js';
import { ok, type Api, type RouteContext } from './context.js';

export function searchRoutes(api: Api, { access, engine }: RouteContext) {
  api.post(
    '/search',
    {
      schema: {
        summary: 'Search posts, or run one aggregation of the catalog over them',
        tags: ['posts'],
        querystring: projectScope,
        body: searchRequest,
        response: { 200: envelope(z.record(z.string(), z.unknown())) },
      },
    },
    async (request, reply) => {
      const { project } = await access.requireProject(request, reply, request.query);
      const started = performance.now();
      const answer = await runSearch(
        engine,
        { projectId: project.id, timeZone: project.profile.timezone },
        request.body,
      );
      return ok({ ...answer, took: Math.round(performance.now() - started) });
    },
  );
}
