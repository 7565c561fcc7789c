import type { ProjectMember, UserInfo } from '@yuqing/core';

/**
 * Why the signed-in super admin may not act on `member`, or undefined. The page is for super
 * admins only, and the user info carries no id, so "myself" is the super admin member with my
 * nickname; the server refuses the same actions by id.
 */
export function memberLock(member: ProjectMember, user: UserInfo): string | undefined {
  if (member.isSuperAdmin && member.nickname === user.nickname) return '不能操作自己的账号';
  return undefined;
}
