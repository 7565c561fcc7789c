import {
  PROJECT_CALLS,
  type ProjectDetail,
  type ProjectInfo,
  type ProjectListItem,
} from '@yuqing/core';
import { call } from './call';

/** `GET /project_info`: the public face of the project, needed before sign-in. */
export function fetchProjectInfo(): Promise<ProjectInfo> {
  return call(PROJECT_CALLS.info);
}

/** `GET /project`: the project a signed-in member opens, at the URL's published version. */
export function fetchProject(version: string): Promise<ProjectDetail> {
  return call(PROJECT_CALLS.get, { query: { version } });
}

/** `GET /project_list`: the projects the user may open; quiet, as a 401 just means "sign in". */
export function fetchProjectList(): Promise<ProjectListItem[]> {
  return call(PROJECT_CALLS.list, {}, { quiet: true });
}
