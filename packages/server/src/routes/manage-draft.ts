import { MANAGE_CALLS, STALE_DRAFT_MESSAGE, type Dashboard } from '@yuqing/core';
import { badRequest, conflict, notFound } from '../errors.js';
import { StaleRevisionError, type DashboardKey } from '../store/index.js';
import type { ProjectAccess } from '../auth/access.js';
import { placeTarget } from './audit.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

/** Dashboards are large (every page's widgets): allow more than Fastify's 1 MB default. */
export const DASHBOARD_BODY_LIMIT = 5 * 1024 * 1024;

/** The dashboard a project-scoped call edits: the subject's when `subject_id` names one. */
export function dashboardKey({ project, subject }: Pick<ProjectAccess, 'project' | 'subject'>) {
  return { projectId: project.id, subjectId: subject?.id ?? '' } satisfies DashboardKey;
}

/**
 * A page is kept per menu key; a page under a key the menu does not have could never be opened,
 * so it is refused (menu items without a page are fine: the viewer shows an empty page).
 */
export function checkPagesInMenu(content: Dashboard) {
  const keys = new Set(content.menu.map((item) => item.key));
  const stray = Object.keys(content.pages).find((key) => !keys.has(key));
  if (stray !== undefined)
    throw badRequest(`pages.${stray}: 菜单中没有 key 为「${stray}」的菜单项`);
}

/** Manage mode's draft: save with the revision read, publish, list versions, roll back. */
export function manageDraftRoutes(api: Api, { store, audit }: RouteContext) {
  route(
    api,
    MANAGE_CALLS.saveDraft,
    async ({ request, member, body }) => {
      const { revision: expected, ...content } = body;
      checkPagesInMenu(content);
      try {
        const revision = await store.dashboards.saveDraft(
          dashboardKey(member),
          content,
          expected,
          member.viewer.user.id,
        );
        await audit(request, member, 'dashboard.save', placeTarget(member), {
          revision,
          pages: Object.keys(content.pages).length,
        });
        return ok({ revision });
      } catch (error) {
        if (error instanceof StaleRevisionError) {
          throw conflict(STALE_DRAFT_MESSAGE, { revision: error.current });
        }
        throw error;
      }
    },
    { bodyLimit: DASHBOARD_BODY_LIMIT },
  );

  route(api, MANAGE_CALLS.publish, async ({ request, member }) => {
    const version = await store.dashboards.publish(dashboardKey(member), member.viewer.user.id);
    if (version === undefined) throw badRequest('没有可发布的草稿');
    await audit(request, member, 'dashboard.publish', placeTarget(member), { version });
    return ok({ version });
  });

  route(api, MANAGE_CALLS.versions, async ({ member }) =>
    ok(await store.dashboards.versions(dashboardKey(member))),
  );

  route(api, MANAGE_CALLS.rollback, async ({ request, member, body }) => {
    const { version } = body;
    const restored = await store.dashboards.rollback(
      dashboardKey(member),
      version,
      member.viewer.user.id,
    );
    if (!restored) throw notFound(`version: 版本 ${version} 不存在`);
    await audit(request, member, 'dashboard.rollback', placeTarget(member), {
      restored: version,
      version: restored.version,
    });
    return ok(restored);
  });
}
