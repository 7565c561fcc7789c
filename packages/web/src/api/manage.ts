import {
  copyProjectAnswer,
  publishAnswer,
  projectDetail,
  projectTemplate,
  rollbackAnswer,
  saveDraftAnswer,
  templateListItem,
  versionList,
  type CopyProjectAnswer,
  type CopyProjectRequest,
  type Dashboard,
  type ProjectDetail,
  type ProjectTemplate,
  type TemplateListItem,
} from '@yuqing/core';
import { noData, request } from './client';

/* The calls of the visual configuration editor (#/manage, spec 7). */

/** `GET /project?type=manage`: the project with its editable draft and the draft's revision. */
export function fetchDraft(): Promise<ProjectDetail> {
  return request('/project', projectDetail, { params: { type: 'manage' } });
}

/**
 * `POST /project`: saves the whole draft from the revision it was read at. Quiet: the editor
 * shows 保存成功 / 保存失败, and explains a refused stale save (409) itself.
 */
export function saveDraft(dashboard: Dashboard, revision: number): Promise<{ revision: number }> {
  return request('/project', saveDraftAnswer, {
    method: 'POST',
    body: { ...dashboard, revision },
    quiet: true,
  });
}

/** `POST /project_publish`: the saved draft becomes the newest version viewers see. */
export function publishDraft(): Promise<{ version: number }> {
  return request('/project_publish', publishAnswer, { method: 'POST', body: {}, quiet: true });
}

/** `GET /project_versions`: every published version, newest first. */
export function fetchVersions() {
  return request('/project_versions', versionList);
}

/** `POST /project_rollback`: publishes a copy of an earlier version and makes it the draft. */
export function rollbackTo(version: number) {
  return request('/project_rollback', rollbackAnswer, {
    method: 'POST',
    body: { version },
    quiet: true,
  });
}

/** `GET /project_template`: the customer's saved templates. */
export function fetchTemplates(): Promise<TemplateListItem[]> {
  return request('/project_template', templateListItem.array());
}

/** `GET /project_template_item?name=`: one template with its pages. */
export function fetchTemplate(name: string): Promise<ProjectTemplate> {
  return request('/project_template_item', projectTemplate, { params: { name } });
}

/** `POST /project_template`: saves (or replaces) a template under a name. */
export function saveTemplate(template: ProjectTemplate): Promise<undefined> {
  return request('/project_template', noData, { method: 'POST', body: template });
}

/** `DELETE /project_template?name=`. */
export function deleteTemplate(name: string): Promise<undefined> {
  return request('/project_template', noData, { method: 'DELETE', params: { name } });
}

/** `POST /project_copy`: a new project of the same customer with this one's settings and draft. */
export function copyProject(body: CopyProjectRequest): Promise<CopyProjectAnswer> {
  return request('/project_copy', copyProjectAnswer, { method: 'POST', body });
}
