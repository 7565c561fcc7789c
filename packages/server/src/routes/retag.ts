import { TAGS_API, envelope, projectScope, retagStatus } from '@yuqing/core';
import type { RetagJobs } from '../retag/retag-jobs.js';
import { placeTarget } from './audit.js';
import { ok, type Api, type RouteContext } from './context.js';

/** The re-tag of a project's stored posts after a rule change (project admins). */
export function retagRoutes(api: Api, { access, audit }: RouteContext, jobs: RetagJobs) {
  api.post(
    TAGS_API.retag,
    {
      config: { access: 'project-admin' },
      schema: {
        summary: "Starts re-tagging the project's stored posts by its rules (project admins)",
        description: 'One job per project runs at a time (409 while one runs).',
        tags: ['tagging'],
        querystring: projectScope,
        response: { 200: envelope(retagStatus) },
      },
    },
    async (request, reply) => {
      const target = await access.requireProject(request, reply, request.query, 'admin');
      const { project } = target;
      const status = await jobs.start({
        projectId: project.id,
        timeZone: project.profile.timezone,
      });
      await audit(request, target, 'retag.start', placeTarget(target));
      return ok(status);
    },
  );

  api.get(
    TAGS_API.retag,
    {
      config: { access: 'project-admin' },
      schema: {
        summary: "The project's re-tag: its state and progress (project admins)",
        tags: ['tagging'],
        querystring: projectScope,
        response: { 200: envelope(retagStatus) },
      },
    },
    async (request, reply) => {
      const { project } = await access.requireProject(request, reply, request.query, 'admin');
      return ok(await jobs.statusOf(project.id));
    },
  );
}
