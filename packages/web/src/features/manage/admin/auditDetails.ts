import type { AuditEntry } from '@yuqing/core';
import { ROLE_LABELS } from './roles';

/** Names of what an entry points at, from the tenancy the console holds. */
export interface AuditNames {
  project: (id: string) => string | undefined;
  customer: (id: string) => string | undefined;
}

/** Labels in the order lines are shown (the store's JSON keeps no key order). */
const LABELS: Record<string, string> = {
  customer: '客户',
  customerId: '客户',
  repository: '仓库',
  code: '编码',
  name: '名称',
  username: '用户名',
  nickname: '昵称',
  projectId: '项目',
  project: '项目',
  role: '角色',
  projects: '项目',
  source: '页面来源',
  subjects: '复制专题',
  subject: '专题',
  reportId: '报告',
  page: '页面',
  widget: '组件',
  kind: '类型',
  format: '格式',
  file: '文件',
  changed: '改动项',
  revision: '草稿修订号',
  restored: '恢复的版本',
  version: '版本',
  pages: '页面数',
  items: '条目数',
  rules: '规则数',
  channels: '通知渠道',
  delivered: '测试发送',
  enabled: '启用',
  imported: '新导入',
  replaced: '覆盖',
  rejected: '拒收',
  strict: '严格模式',
  offline: '离线任务',
  total: '帖子数',
  size: '大小',
  status: '状态',
  days: '有效天数',
  ownerId: '所有者',
};

/** Keys an entry keeps for ids the line of another key already names. */
const HIDDEN = new Set(['subjectId', 'channelId']);

const ORDER = [...Object.keys(LABELS), 'isSuperAdmin', 'disabled', 'password'];

function rank(key: string): number {
  const index = ORDER.indexOf(key);
  return index < 0 ? ORDER.length : index;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function plain(value: unknown): string {
  if (value === null || value === undefined) return '（空）';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((each) => typeof each === 'string'))
    return value.length ? value.join('、') : '无';
  return JSON.stringify(value);
}

/** Bytes as a person reads them. */
function sizeText(value: unknown): string {
  if (typeof value !== 'number') return plain(value);
  if (value < 1024) return `${value} B`;
  if (value < 1024 * 1024) return `${(value / 1024).toFixed(1)} KB`;
  return `${(value / 1024 / 1024).toFixed(1)} MB`;
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
    case 'size':
      return sizeText(value);
    case 'delivered':
      return value ? '成功' : '失败';
    case 'rules':
      // How many rules of each kind.
      return isRecord(value)
        ? Object.entries(value)
            .map(([kind, count]) => `${kind} ${plain(count)}`)
            .join('、')
        : plain(value);
    case 'channels':
      return Array.isArray(value) && value.length
        ? value.map((each) => (isRecord(each) ? plain(each.kind) : plain(each))).join('、')
        : '无';
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

function changeText(label: string, key: string, value: Record<string, unknown>, names: AuditNames) {
  const to = valueText(key, value.to, names);
  // A first role has nothing to change from.
  if (value.from === null || value.from === undefined) return `${label}：${to}`;
  return `${label}：${valueText(key, value.from, names)} → ${to}`;
}

/** What an entry's `details` say, one Chinese line per change; never a password or a secret. */
export function auditDetailLines(entry: AuditEntry, names: AuditNames): string[] {
  const { details } = entry;
  // A project is named by its name while it is known, else by the path written with the entry.
  const named = typeof details.projectId === 'string' && names.project(details.projectId);
  const pathed = typeof details.project === 'string';
  return Object.entries(details)
    .sort(([a], [b]) => rank(a) - rank(b))
    .flatMap(([key, value]): string[] => {
      if (HIDDEN.has(key)) return [];
      if (key === 'project' && named) return [];
      if (key === 'projectId' && !named && pathed) return [];
      if (key === 'disabled') return [value ? '停用' : '启用'];
      if (key === 'password') return ['重置密码'];
      if (key === 'isSuperAdmin') {
        if (entry.action === 'user.update') return [value ? '设为超级管理员' : '取消超级管理员'];
        return value ? ['超级管理员'] : [];
      }
      const label = LABELS[key] ?? key;
      if (isRecord(value) && 'from' in value && 'to' in value) {
        return [changeText(label, key, value, names)];
      }
      return [`${label}：${valueText(key, value, names)}`];
    });
}
