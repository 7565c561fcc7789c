import { ROLES } from '@yuqing/core';

export const ROLE_LABELS = { admin: '管理员', viewer: '成员' } as const;

export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
