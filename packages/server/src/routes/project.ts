import {
  AGGREGATION_INFO,
  AGGREGATIONS,
  AGGS_FILTER_MAP,
  EMPTY_DASHBOARD,
  LATEST_VERSION,
  MODEL_TYPES,
  PROJECT_CALLS,
  projectPath,
  type Dashboard,
  type Project,
  type ProjectDetail,
} from '@yuqing/core';
import { notFound } from '../errors.js';
import type { ProjectRecord, SubjectRecord } from '../store/index.js';
import { dashboardFor } from '../auth/dashboard-access.js';
import type { WxLogin } from '../auth/wx-login.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

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
  route(api, PROJECT_CALLS.info, async ({ request, query }) => {
    const { project } = await access.findProject(query);
    const { loginTypes, scene, icp, primaryColor } = project.profile;
    const wxFrame = loginTypes.includes('wx') ? await wx.frame(request, query) : undefined;
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
  });

  route(api, PROJECT_CALLS.get, async ({ request, reply, query, member }) => {
    const { type, version, ...scope } = query;
    // The draft asks more than membership: an admin of the project.
    const { project, subject, role } =
      type === 'manage' ? await access.requireProject(request, reply, scope, 'admin') : member;
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
  });

  route(api, PROJECT_CALLS.list, async ({ viewer }) => {
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
  });
}
