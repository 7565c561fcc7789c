import { POST_CALLS } from '@yuqing/core';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

/** The project's running background import; the web polls it to show progress and reload. */
export function importStatusRoutes(api: Api, { importer }: RouteContext) {
  route(api, POST_CALLS.importStatus, async ({ member }) =>
    ok(importer.progress.statusOf(member.project.id)),
  );
}
