import { ROLES } from '@yuqing/core';
import { zh } from '../../i18n/translateText';
import type { Translate } from '../../i18n/useT';

export const ROLE_LABELS = { admin: zh('管理员'), viewer: zh('成员') } as const;

export function roleOptions(t: Translate) {
  return ROLES.map((role) => ({ value: role, label: t(ROLE_LABELS[role]) }));
}
