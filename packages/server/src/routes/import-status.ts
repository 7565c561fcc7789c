import { envelope, importStatus, projectScope } from '@yuqing/core';
import { ok, type Api, type RouteContext } from './context.js';

/** The project's running background import; the web polls it to show progress and reload. */
export function importStatusRoutes(api: Api, { access, importer }: RouteContext) {
  api.get(
    '/posts/import_status',
    {
      config: { access: 'project-member' },
      schema: {
        summary: "The project's running background import (the demo posts on first start)",
        tags: ['posts'],
        querystring: projectScope,
        response: { 200: envelope(importStatus) },
      },
    },
    async (request, reply) => {
      const { project } = await access.requireProject(request, reply, request.query);
      return ok(importer.progress.statusOf(project.id));
    },
  );
}
