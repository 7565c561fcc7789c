import type { Chart, Dashboard, FilterChip, Role } from '@yuqing/core';
import { readablePage } from '../auth/dashboard-access.js';
import { notFound } from '../refusals.js';
import type { ProjectRecord, Store, SubjectRecord } from '../store/index.js';
import { subjectScope } from './subject-scope.js';

export interface PublishedPage {
  dashboard: Dashboard;
  charts: Chart[];
  /** The chips every search of a subject carries; none for the project's own pages. */
  scope: FilterChip[];
}

/**
 * The widgets of a published page as a member with `role` reads it, and the scope its searches
 * carry; 404 naming the page when there is none to read.
 */
export async function publishedPage(
  store: Store,
  member: { project: ProjectRecord; subject: SubjectRecord | undefined; role: Role },
  page: string,
  version: number | undefined,
): Promise<PublishedPage> {
  const { project, subject, role } = member;
  const published = await store.dashboards.published(
    { projectId: project.id, subjectId: subject?.id ?? '' },
    version,
  );
  const charts =
    published && readablePage(published.dashboard, page, role, subject ? 'subject' : 'project');
  if (!published || !charts) throw notFound(`page: 页面 ${page} 不存在`);
  // A subject's scope is its newest published dashboard's.
  const scope = !subject
    ? []
    : version === undefined
      ? published.dashboard.scope
      : await subjectScope(store, project.id, subject);
  return { dashboard: published.dashboard, charts, scope };
}
