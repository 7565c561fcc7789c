import {
  MANAGE_CALLS,
  PROJECT_CALLS,
  type CopyProjectAnswer,
  type CopyProjectRequest,
  type Dashboard,
  type ProjectDetail,
  type ProjectTemplate,
  type TemplateListItem,
} from '@yuqing/core';
import { call } from './call';

/* The calls of the visual configuration editor (#/manage, spec 7). */

/** `GET /project?type=manage`: the project with its editable draft and the draft's revision. */
export function fetchDraft(): Promise<ProjectDetail> {
  return call(PROJECT_CALLS.get, { query: { type: 'manage' } });
}

/**
 * `POST /project`: saves the whole draft from the revision it was read at. Quiet: the editor
 * shows 保存成功 / 保存失败, and explains a refused stale save (409) itself.
 */
export function saveDraft(dashboard: Dashboard, revision: number): Promise<{ revision: number }> {
  return call(MANAGE_CALLS.saveDraft, { body: { ...dashboard, revision } }, { quiet: true });
}

/** `POST /project_publish`: the saved draft becomes the newest version viewers see. */
export function publishDraft(): Promise<{ version: number }> {
  return call(MANAGE_CALLS.publish, {}, { quiet: true });
}

/** `GET /project_versions`: every published version, newest first. */
export function fetchVersions() {
  return call(MANAGE_CALLS.versions);
}

/** `POST /project_rollback`: publishes a copy of an earlier version and makes it the draft. */
export function rollbackTo(version: number) {
  return call(MANAGE_CALLS.rollback, { body: { version } }, { quiet: true });
}

/** `GET /project_template`: the customer's saved templates. */
export function fetchTemplates(): Promise<TemplateListItem[]> {
  return call(MANAGE_CALLS.templates);
}

/** `GET /project_template_item?name=`: one template with its pages. */
export function fetchTemplate(name: string): Promise<ProjectTemplate> {
  return call(MANAGE_CALLS.template, { query: { name } });
}

/** `POST /project_template`: saves (or replaces) a template under a name. */
export async function saveTemplate(template: ProjectTemplate): Promise<void> {
  await call(MANAGE_CALLS.saveTemplate, { body: template });
}

/** `DELETE /project_template?name=`. */
export async function deleteTemplate(name: string): Promise<void> {
  await call(MANAGE_CALLS.deleteTemplate, { query: { name } });
}

/** `POST /project_copy`: a new project of the same customer with this one's settings and draft. */
export function copyProject(body: CopyProjectRequest): Promise<CopyProjectAnswer> {
  return call(MANAGE_CALLS.copyProject, { body });
}
