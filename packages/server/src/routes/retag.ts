import { TAG_CALLS } from '@yuqing/core';
import type { RetagJobs } from '../retag/retag-jobs.js';
import { placeTarget } from './audit.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

/** The re-tag of a project's stored posts after a rule change (project admins). */
export function retagRoutes(api: Api, { audit }: RouteContext, jobs: RetagJobs) {
  route(api, TAG_CALLS.startRetag, async ({ request, member }) => {
    const { project } = member;
    const status = await jobs.start({
      projectId: project.id,
      timeZone: project.profile.timezone,
    });
    await audit(request, member, 'retag.start', placeTarget(member));
    return ok(status);
  });

  route(api, TAG_CALLS.retag, async ({ member }) => ok(await jobs.statusOf(member.project.id)));
}
