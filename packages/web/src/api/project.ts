import {
  projectDetail,
  projectInfo,
  projectListItem,
  type ProjectDetail,
  type ProjectInfo,
  type ProjectListItem,
} from '@yuqing/core';
import { request } from './client';

/** `GET /project_info`: the public face of the project, needed before sign-in. */
export function fetchProjectInfo(): Promise<ProjectInfo> {
  return request('/project_info', projectInfo);
}

/** `GET /project`: the project a signed-in member opens, at the URL's published version. */
export function fetchProject(version: string): Promise<ProjectDetail> {
  return request('/project', projectDetail, { params: { version } });
}

/** `GET /project_list`: the projects the user may open; quiet, as a 401 just means "sign in". */
export function fetchProjectList(): Promise<ProjectListItem[]> {
  return request('/project_list', projectListItem.array(), { quiet: true });
}
