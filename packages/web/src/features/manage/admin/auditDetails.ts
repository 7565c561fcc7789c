import type { AuditEntry } from '@yuqing/core';
import { ROLE_LABELS } from './roles';

/** Names of what an entry points at, from the tenancy the console holds. */
export interface AuditNames {
  project: (id: string) => string | undefined;
  customer: (id: string) => string | undefined;
}

const LABELS: Record<string, string> = {
  code: '编码',
  name: '名称',
  nickname: '昵称',
  username: '用户名',
  repository: '仓库',
  customerId: '客户',
  projectId: '项目',
  role: '角色',
  source: '页面来源',
  projects: '项目',
  subjects: '复制专题',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function plain(value: unknown): string {
  if (value === null || value === undefined) return '（空）';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

function roleText(value: unknown): string {
  return typeof value === 'string' && value in ROLE_LABELS
    ? ROLE_LABELS[value as keyof typeof ROLE_LABELS]
    : plain(value);
}

function sourceText(value: unknown, names: AuditNames): string {
  if (!isRecord(value)) return plain(value);
  if (value.kind === 'empty') return '空白项目';
  if (value.kind === 'template') {
    const owner = names.customer(String(value.customerId));
    return `模板「${plain(value.name)}」${owner ? `（${owner}）` : ''}`;
  }
  if (value.kind === 'copy') {
    const project = names.project(String(value.projectId)) ?? plain(value.projectId);
    return `复制项目「${project}」${value.subjects ? '，含专题' : ''}`;
  }
  return plain(value);
}

function valueText(key: string, value: unknown, names: AuditNames): string {
  switch (key) {
    case 'projectId':
      return names.project(String(value)) ?? plain(value);
    case 'customerId':
      return names.customer(String(value)) ?? plain(value);
    case 'role':
      return roleText(value);
    case 'source':
      return sourceText(value, names);
    case 'projects':
      return Array.isArray(value) && value.length
        ? value
            .map((each) =>
              isRecord(each)
                ? `${names.project(String(each.projectId)) ?? plain(each.projectId)}（${roleText(each.role)}）`
                : plain(each),
            )
            .join('、')
        : '无';
    default:
      return plain(value);
  }
}

/** What an entry's `details` say, one Chinese line per change; never a password. */
export function auditDetailLines(entry: AuditEntry, names: AuditNames): string[] {
  return Object.entries(entry.details).map(([key, value]) => {
    if (key === 'disabled') return value ? '停用' : '启用';
    if (key === 'isSuperAdmin') return value ? '设为超级管理员' : '取消超级管理员';
    if (key === 'password') return '重置密码';
    const label = LABELS[key] ?? key;
    if (isRecord(value) && 'from' in value && 'to' in value) {
      return `${label}：${valueText(key, value.from, names)} → ${valueText(key, value.to, names)}`;
    }
    return `${label}：${valueText(key, value, names)}`;
  });
}
