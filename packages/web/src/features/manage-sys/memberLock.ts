import type { ProjectMember } from '@yuqing/core';
import { zh, type ZhText } from '../../i18n/translateText';

/**
 * Why the signed-in super admin may not act on `member` (a text to translate), or undefined; the
 * server refuses too.
 */
export function memberLock(member: ProjectMember): ZhText | undefined {
  return member.self ? zh('不能操作自己的账号') : undefined;
}
