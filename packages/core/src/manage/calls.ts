import { z } from 'zod';
import { defineCall } from '../calls/call.js';
import { projectDataItem } from '../dashboard/project-data.js';
import { projectScope } from '../location.js';
import {
  publishAnswer,
  rollbackAnswer,
  rollbackRequest,
  saveDraftAnswer,
  saveDraftRequest,
  versionList,
} from './draft.js';
import { memberAction, projectMember, projectSystem, projectSystemSettings } from './system.js';
import {
  copyProjectAnswer,
  copyProjectRequest,
  deleteTemplateQuery,
  projectTemplate,
  templateListItem,
} from './templates.js';

const tags = ['manage'];
const dataTags = ['project data'];

/** `?name=`: a project data item, by its name (its key within the project). */
export const projectDataName = z.object({ name: z.string().trim().min(1).max(100) });

/**
 * Manage mode (spec 7): the draft, its versions, the page-set templates, copying a project and the
 * system settings (admins); and the project data items, which members read and admins write.
 */
export const MANAGE_CALLS = {
  saveDraft: defineCall({
    method: 'POST',
    path: '/project',
    access: 'project-admin',
    summary:
      'Save the draft (admins); refused with 409 and the current revision when it changed since `revision` was read',
    tags,
    query: projectScope,
    body: saveDraftRequest,
    answer: saveDraftAnswer,
    refusalData: { 409: saveDraftAnswer },
  }),
  publish: defineCall({
    method: 'POST',
    path: '/project_publish',
    access: 'project-admin',
    summary: 'Publish the saved draft as the next version (admins)',
    tags,
    query: projectScope,
    answer: publishAnswer,
  }),
  versions: defineCall({
    method: 'GET',
    path: '/project_versions',
    access: 'project-admin',
    summary: 'Every published version, newest first (admins)',
    tags,
    query: projectScope,
    answer: versionList,
  }),
  rollback: defineCall({
    method: 'POST',
    path: '/project_rollback',
    access: 'project-admin',
    summary: 'Make an earlier version the draft and publish it as the newest version (admins)',
    tags,
    query: projectScope,
    body: rollbackRequest,
    answer: rollbackAnswer,
  }),

  system: defineCall({
    method: 'GET',
    path: '/project_sys',
    access: 'project-admin',
    summary: "The project's system settings and members (super admins, not on a subject)",
    tags,
    query: projectScope,
    answer: projectSystem,
  }),
  saveSystem: defineCall({
    method: 'POST',
    path: '/project_sys',
    access: 'project-admin',
    summary: "Update the project's system settings (super admins, not on a subject)",
    tags,
    query: projectScope,
    body: projectSystemSettings,
    answer: projectSystemSettings,
  }),
  changeMember: defineCall({
    method: 'POST',
    path: '/project_sys/member',
    access: 'project-admin',
    summary:
      'Add a member, change a role, disable or enable an account, reset a password, or remove a member (super admins)',
    tags,
    query: projectScope,
    body: memberAction,
    answer: z.array(projectMember),
  }),

  saveTemplate: defineCall({
    method: 'POST',
    path: '/project_template',
    access: 'project-admin',
    summary: "Save a page set as a template of the project's customer; a same name replaces it",
    tags,
    query: projectScope,
    body: projectTemplate,
    answer: z.null(),
  }),
  templates: defineCall({
    method: 'GET',
    path: '/project_template',
    access: 'project-admin',
    summary: "The templates of the project's customer (admins)",
    tags,
    query: projectScope,
    answer: z.array(templateListItem),
  }),
  template: defineCall({
    method: 'GET',
    path: '/project_template_item',
    access: 'project-admin',
    summary: 'One template with its pages, to create pages from (admins)',
    tags,
    query: projectScope.extend(deleteTemplateQuery.shape),
    answer: projectTemplate,
  }),
  deleteTemplate: defineCall({
    method: 'DELETE',
    path: '/project_template',
    access: 'project-admin',
    summary: 'Delete a template (admins)',
    tags,
    query: projectScope.extend(deleteTemplateQuery.shape),
    answer: z.null(),
  }),
  copyProject: defineCall({
    method: 'POST',
    path: '/project_copy',
    access: 'project-admin',
    summary:
      "Copy the project (profile, draft, newest published version, project data, and the subjects when asked) to a new project of the same customer (the source's admins)",
    tags,
    query: projectScope,
    body: copyProjectRequest,
    answer: copyProjectAnswer,
  }),

  dataItems: defineCall({
    method: 'GET',
    path: '/project_data',
    access: 'project-member',
    summary: "The project's named option lists and trees",
    tags: dataTags,
    query: projectScope,
    answer: z.array(projectDataItem),
  }),
  dataItem: defineCall({
    method: 'GET',
    path: '/project_data_item',
    access: 'project-member',
    summary: 'One named option list or tree',
    tags: dataTags,
    query: projectScope.extend(projectDataName.shape),
    answer: projectDataItem,
  }),
  saveDataItem: defineCall({
    method: 'POST',
    path: '/project_data',
    access: 'project-admin',
    summary: 'Save a named option list or tree; a same name replaces it (admins)',
    tags: dataTags,
    query: projectScope,
    body: projectDataItem,
    answer: z.null(),
  }),
  deleteDataItem: defineCall({
    method: 'DELETE',
    path: '/project_data',
    access: 'project-admin',
    summary: 'Delete a named option list or tree (admins)',
    tags: dataTags,
    query: projectScope.extend(projectDataName.shape),
    answer: z.null(),
  }),
};
