import {
  STALE_DRAFT_MESSAGE,
  envelope,
  projectScope,
  publishAnswer,
  rollbackAnswer,
  rollbackRequest,
  saveDraftAnswer,
  saveDraftRequest,
  versionList,
  type Dashboard,
} from '@yuqing/core';
import { badRequest, conflict, notFound } from '../errors.js';
import { StaleRevisionError, type DashboardKey } from '../store/index.js';
import type { ProjectAccess } from '../auth/access.js';
import { placeTarget } from './audit.js';
import { ok, type Api, type RouteContext } from './context.js';

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
export function manageDraftRoutes(api: Api, { store, access, audit }: RouteContext) {
  api.post(
    '/project',
    {
      config: { access: 'project-admin' },
      bodyLimit: DASHBOARD_BODY_LIMIT,
      schema: {
        summary:
          'Save the draft (admins); refused with 409 and the current revision when it changed since `revision` was read',
        tags: ['manage'],
        querystring: projectScope,
        body: saveDraftRequest,
        response: { 200: envelope(saveDraftAnswer), 409: envelope(saveDraftAnswer) },
      },
    },
    async (request, reply) => {
      const target = await access.requireProject(request, reply, request.query, 'admin');
      const { revision: expected, ...content } = request.body;
      checkPagesInMenu(content);
      try {
        const revision = await store.dashboards.saveDraft(
          dashboardKey(target),
          content,
          expected,
          target.viewer.user.id,
        );
        await audit(request, target, 'dashboard.save', placeTarget(target), {
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
  );

  api.post(
    '/project_publish',
    {
      config: { access: 'project-admin' },
      schema: {
        summary: 'Publish the saved draft as the next version (admins)',
        tags: ['manage'],
        querystring: projectScope,
        response: { 200: envelope(publishAnswer) },
      },
    },
    async (request, reply) => {
      const target = await access.requireProject(request, reply, request.query, 'admin');
      const version = await store.dashboards.publish(dashboardKey(target), target.viewer.user.id);
      if (version === undefined) throw badRequest('没有可发布的草稿');
      await audit(request, target, 'dashboard.publish', placeTarget(target), { version });
      return ok({ version });
    },
  );

  api.get(
    '/project_versions',
    {
      config: { access: 'project-admin' },
      schema: {
        summary: 'Every published version, newest first (admins)',
        tags: ['manage'],
        querystring: projectScope,
        response: { 200: envelope(versionList) },
      },
    },
    async (request, reply) => {
      const target = await access.requireProject(request, reply, request.query, 'admin');
      return ok(await store.dashboards.versions(dashboardKey(target)));
    },
  );

  api.post(
    '/project_rollback',
    {
      config: { access: 'project-admin' },
      schema: {
        summary: 'Make an earlier version the draft and publish it as the newest version (admins)',
        tags: ['manage'],
        querystring: projectScope,
        body: rollbackRequest,
        response: { 200: envelope(rollbackAnswer) },
      },
    },
    async (request, reply) => {
      const target = await access.requireProject(request, reply, request.query, 'admin');
      const { version } = request.body;
      const restored = await store.dashboards.rollback(
        dashboardKey(target),
        version,
        target.viewer.user.id,
      );
      if (!restored) throw notFound(`version: 版本 ${version} 不存在`);
      await audit(request, target, 'dashboard.rollback', placeTarget(target), {
        restored: version,
        version: restored.version,
      });
      return ok(restored);
    },
  );
}
