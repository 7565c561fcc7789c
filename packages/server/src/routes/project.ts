import { z } from 'zod';
import {
  AGGREGATION_INFO,
  AGGREGATIONS,
  AGGS_FILTER_MAP,
  EMPTY_DASHBOARD,
  LATEST_VERSION,
  MODEL_TYPES,
  envelope,
  projectDetail,
  projectInfo,
  projectListItem,
  projectPath,
  projectScope,
  versionNumber,
  type Dashboard,
  type Project,
  type ProjectDetail,
} from '@yuqing/core';
import { notFound } from '../errors.js';
import type { ProjectRecord, SubjectRecord } from '../store/index.js';
import { dashboardFor } from '../auth/dashboard-access.js';
import type { WxLogin } from '../auth/wx-login.js';
import { ok, type Api, type RouteContext } from './context.js';

export function presentProject(
  project: ProjectRecord,
  subject: SubjectRecord | undefined,
  dashboard: Dashboard,
): Project {
  return {
    ...project.profile,
    menus: dashboard.menu,
    tendencies: subject?.tendencies ?? project.profile.tendencies,
    name: project.name,
    customer: project.customerCode,
    repository: project.repository,
    project: project.code,
    created_at: project.createdAt.toISOString(),
    isSubject: Boolean(subject),
  };
}

export function projectRoutes(api: Api, { config, store, access }: RouteContext, wx: WxLogin) {
  api.get(
    '/project_info',
    {
      config: { access: 'public' },
      schema: {
        summary: 'What the sign-in page may know of a project',
        tags: ['project'],
        querystring: projectScope,
        response: { 200: envelope(projectInfo) },
      },
    },
    async (request) => {
      const { project } = await access.findProject(request.query);
      const { loginTypes, scene, icp, primaryColor } = project.profile;
      const wxFrame = loginTypes.includes('wx')
        ? await wx.frame(request, request.query)
        : undefined;
      return ok({
        project: project.code,
        projectID: project.id,
        customer: { code: project.customerCode, name: project.customerName },
        name: project.name,
        config: {
          scene,
          icp,
          primaryColor,
          // wx is offered only where the server is configured for it.
          loginTypes: wxFrame ? loginTypes : loginTypes.filter((type) => type !== 'wx'),
          wx: wxFrame,
        },
      });
    },
  );

  api.get(
    '/project',
    {
      config: { access: 'project-member' },
      schema: {
        summary: 'The project a member opens; type=manage asks for the editable draft (admins)',
        tags: ['project'],
        querystring: projectScope.extend({
          type: z.enum(['manage']).optional(),
          version: z
            .union([z.literal(LATEST_VERSION), z.coerce.number().pipe(versionNumber)])
            .optional()
            .describe('a published version number, or latest (the default)'),
        }),
        response: { 200: envelope(projectDetail) },
      },
    },
    async (request, reply) => {
      const { type, version, ...scope } = request.query;
      const { project, subject, role } = await access.requireProject(
        request,
        reply,
        scope,
        type === 'manage' ? 'admin' : 'viewer',
      );
      const key = { projectId: project.id, subjectId: subject?.id ?? '' };
      let shown: { dashboard: Dashboard; source: ProjectDetail['source'] };
      if (type === 'manage') {
        const draft = await store.dashboards.draft(key);
        shown = {
          dashboard: draft?.dashboard ?? EMPTY_DASHBOARD,
          source: { kind: 'draft', revision: draft?.revision ?? 0 },
        };
      } else {
        const wanted = version === LATEST_VERSION ? undefined : version;
        const published = await store.dashboards.published(key, wanted);
        if (!published && wanted !== undefined) throw notFound(`version: 版本 ${wanted} 不存在`);
        shown = {
          dashboard: dashboardFor(published?.dashboard ?? EMPTY_DASHBOARD, role),
          source: { kind: 'published', version: published?.version ?? null },
        };
      }
      return ok({
        aggs_type: AGGREGATIONS.map((value) => ({
          value,
          label: AGGREGATION_INFO[value].label,
          options: AGGREGATION_INFO[value].options,
        })),
        aggsFilterMap: AGGS_FILTER_MAP,
        project: presentProject(project, subject, shown.dashboard),
        projectID: project.id,
        dashboard: shown.dashboard,
        source: shown.source,
        subject: subject && { _id: subject.id, name: subject.name, tendencies: subject.tendencies },
        models: MODEL_TYPES.filter((type) => config.llm?.models[type]),
      });
    },
  );

  api.get(
    '/project_list',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Projects the signed-in user may open',
        tags: ['project'],
        querystring: projectScope.partial(),
        response: { 200: envelope(z.array(projectListItem)) },
      },
    },
    async (request, reply) => {
      const viewer = await access.requireViewer(request, reply);
      const list = await store.tenancy.listAccessible({
        id: viewer.user.id,
        isSuperAdmin: viewer.user.isSuperAdmin,
      });
      return ok(
        list.map(({ project, role }) => ({
          projectID: project.id,
          repository: project.repository,
          customer: project.customerCode,
          customerName: project.customerName,
          project: project.code,
          name: project.name,
          role,
          path: projectPath({
            repository: project.repository,
            customer: project.customerCode,
            project: project.code,
          }),
        })),
      );
    },
  );
}
