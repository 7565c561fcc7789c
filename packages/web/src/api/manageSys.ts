import {
  projectMember,
  projectSystem,
  type MemberAction,
  type ProjectMember,
  type ProjectSystem,
  type ProjectSystemSettings,
} from '@yuqing/core';
import { noData, request } from './client';

/** `GET /project_sys`: the project's system settings and its members. */
export function fetchProjectSystem(): Promise<ProjectSystem> {
  return request('/project_sys', projectSystem);
}

/** `POST /project_sys`; quiet, the form says 保存成功 or 保存失败 with the reason. */
export function saveProjectSystem(settings: ProjectSystemSettings): Promise<void> {
  return request('/project_sys', noData, { method: 'POST', body: settings, quiet: true });
}

/** `POST /project_sys/member`: one change to the members; answers the updated list. */
export function changeMember(action: MemberAction): Promise<ProjectMember[]> {
  return request('/project_sys/member', projectMember.array(), {
    method: 'POST',
    body: action,
    quiet: true,
  });
}
