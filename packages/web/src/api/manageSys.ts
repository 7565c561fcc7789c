import {
  MANAGE_CALLS,
  type MemberAction,
  type ProjectMember,
  type ProjectSystem,
  type ProjectSystemSettings,
} from '@yuqing/core';
import { call } from './call';

/** `GET /project_sys`: the project's system settings and its members. */
export function fetchProjectSystem(): Promise<ProjectSystem> {
  return call(MANAGE_CALLS.system);
}

/** `POST /project_sys`; quiet, the form says 保存成功 or 保存失败 with the reason. */
export async function saveProjectSystem(settings: ProjectSystemSettings): Promise<void> {
  await call(MANAGE_CALLS.saveSystem, { body: settings }, { quiet: true });
}

/** `POST /project_sys/member`: one change to the members; answers the updated list. */
export function changeMember(action: MemberAction): Promise<ProjectMember[]> {
  return call(MANAGE_CALLS.changeMember, { body: action }, { quiet: true });
}
