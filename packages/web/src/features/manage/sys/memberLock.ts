import type { ProjectMember } from '@yuqing/core';

/** Why the signed-in super admin may not act on `member`, or undefined; the server refuses too. */
export function memberLock(member: ProjectMember): string | undefined {
  return member.self ? '不能操作自己的账号' : undefined;
}
