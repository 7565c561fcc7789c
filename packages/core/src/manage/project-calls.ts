import { z } from 'zod';
import { defineCall } from '../calls/call.js';
import { projectDetail } from '../dashboard/project-detail.js';
import { LATEST_VERSION, projectScope } from '../location.js';
import { projectInfo, projectListItem } from '../project.js';
import { versionNumber } from './draft.js';

const tags = ['project'];

/** `GET /project`: the published page at a version, or with `type=manage` the draft. */
export const projectDetailQuery = projectScope.extend({
  type: z.enum(['manage']).optional(),
  version: z
    .union([z.literal(LATEST_VERSION), z.coerce.number().pipe(versionNumber)])
    .optional()
    .describe('a published version number, or latest (the default)'),
});

/** A project as the sign-in page, a member and the project list see it (spec 7). */
export const PROJECT_CALLS = {
  info: defineCall({
    method: 'GET',
    path: '/project_info',
    access: 'public',
    summary: 'What the sign-in page may know of a project',
    tags,
    query: projectScope,
    answer: projectInfo,
  }),
  /** `type=manage` asks more than membership: the handler requires an admin for it. */
  get: defineCall({
    method: 'GET',
    path: '/project',
    access: 'project-member',
    summary: 'The project a member opens; type=manage asks for the editable draft (admins)',
    tags,
    query: projectDetailQuery,
    answer: projectDetail,
  }),
  list: defineCall({
    method: 'GET',
    path: '/project_list',
    access: 'signed-in',
    summary: 'Projects the signed-in user may open',
    tags,
    query: projectScope.partial(),
    answer: z.array(projectListItem),
  }),
};
