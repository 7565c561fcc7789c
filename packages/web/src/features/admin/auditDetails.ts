import type { AuditEntry } from '@yuqing/core';
import { zh, type ZhText } from '../../i18n/translateText';
import { currentT, type Translate } from '../../i18n/useT';
import { ROLE_LABELS } from './roles';

/** Names of what an entry points at, from the tenancy the console holds. */
export interface AuditNames {
  project: (id: string) => string | undefined;
  customer: (id: string) => string | undefined;
}

/** Labels in the order lines are shown (the store's JSON keeps no key order). */
const LABELS: Record<string, ZhText> = {
  customer: zh('客户'),
  customerId: zh('客户'),
  repository: zh('仓库'),
  code: zh('编码'),
  name: zh('名称'),
  username: zh('用户名'),
  nickname: zh('昵称'),
  projectId: zh('项目'),
  project: zh('项目'),
  role: zh('角色'),
  projects: zh('项目'),
  source: zh('页面来源'),
  subjects: zh('复制专题'),
  subject: zh('专题'),
  reportId: zh('报告'),
  page: zh('页面'),
  widget: zh('组件'),
  kind: zh('类型'),
  format: zh('格式'),
  file: zh('文件'),
  changed: zh('改动项'),
  revision: zh('草稿修订号'),
  restored: zh('恢复的版本'),
  version: zh('版本'),
  pages: zh('页面数'),
  items: zh('条目数'),
  rules: zh('规则数'),
  channels: zh('通知渠道'),
  delivered: zh('测试发送'),
  enabled: zh('启用'),
  imported: zh('新导入'),
  replaced: zh('覆盖'),
  rejected: zh('拒收'),
  strict: zh('严格模式'),
  offline: zh('离线任务'),
  total: zh('帖子数'),
  size: zh('大小'),
  status: zh('状态'),
  days: zh('有效天数'),
  ownerId: zh('所有者'),
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

function plain(value: unknown, t: Translate): string {
  if (value === null || value === undefined) return t('（空）');
  if (typeof value === 'boolean') return value ? t('是') : t('否');
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((each) => typeof each === 'string'))
    return value.length ? value.join(t('、')) : t('无');
  return JSON.stringify(value);
}

/** Bytes as a person reads them. */
function sizeText(value: unknown, t: Translate): string {
  if (typeof value !== 'number') return plain(value, t);
  if (value < 1024) return `${value} B`;
  if (value < 1024 * 1024) return `${(value / 1024).toFixed(1)} KB`;
  return `${(value / 1024 / 1024).toFixed(1)} MB`;
}

function roleText(value: unknown, t: Translate): string {
  return typeof value === 'string' && value in ROLE_LABELS
    ? t(ROLE_LABELS[value as keyof typeof ROLE_LABELS])
    : plain(value, t);
}

function sourceText(value: unknown, names: AuditNames, t: Translate): string {
  if (!isRecord(value)) return plain(value, t);
  if (value.kind === 'empty') return t('空白项目');
  if (value.kind === 'template') {
    const owner = names.customer(String(value.customerId));
    const name = plain(value.name, t);
    return owner ? t('模板「{name}」（{owner}）', { name, owner }) : t('模板「{name}」', { name });
  }
  if (value.kind === 'copy') {
    const project = names.project(String(value.projectId)) ?? plain(value.projectId, t);
    return value.subjects
      ? t('复制项目「{project}」，含专题', { project })
      : t('复制项目「{project}」', { project });
  }
  return plain(value, t);
}

function valueText(key: string, value: unknown, names: AuditNames, t: Translate): string {
  switch (key) {
    case 'projectId':
      return names.project(String(value)) ?? plain(value, t);
    case 'customerId':
      return names.customer(String(value)) ?? plain(value, t);
    case 'role':
      return roleText(value, t);
    case 'source':
      return sourceText(value, names, t);
    case 'size':
      return sizeText(value, t);
    case 'delivered':
      return value ? t('成功') : t('失败');
    case 'rules':
      // How many rules of each kind.
      return isRecord(value)
        ? Object.entries(value)
            .map(([kind, count]) => `${kind} ${plain(count, t)}`)
            .join(t('、'))
        : plain(value, t);
    case 'channels':
      return Array.isArray(value) && value.length
        ? value.map((each) => (isRecord(each) ? plain(each.kind, t) : plain(each, t))).join(t('、'))
        : t('无');
    case 'projects':
      return Array.isArray(value) && value.length
        ? value
            .map((each) =>
              isRecord(each)
                ? t('{name}（{detail}）', {
                    name: names.project(String(each.projectId)) ?? plain(each.projectId, t),
                    detail: roleText(each.role, t),
                  })
                : plain(each, t),
            )
            .join(t('、'))
        : t('无');
    default:
      return plain(value, t);
  }
}

function changeText(
  label: string,
  key: string,
  value: Record<string, unknown>,
  names: AuditNames,
  t: Translate,
) {
  const to = valueText(key, value.to, names, t);
  // A first role has nothing to change from.
  if (value.from === null || value.from === undefined)
    return t('{label}：{value}', { label, value: to });
  const from = valueText(key, value.from, names, t);
  return t('{label}：{from} → {to}', { label, from, to });
}

/**
 * What an entry's `details` say, one line per change in the viewer's language (`t`; Chinese when
 * left out); never a password or a secret.
 */
export function auditDetailLines(
  entry: AuditEntry,
  names: AuditNames,
  t: Translate = currentT(),
): string[] {
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
      if (key === 'disabled') return [value ? t('停用') : t('启用')];
      if (key === 'password') return [t('重置密码')];
      if (key === 'isSuperAdmin') {
        if (entry.action === 'user.update')
          return [value ? t('设为超级管理员') : t('取消超级管理员')];
        return value ? [t('超级管理员')] : [];
      }
      const known = LABELS[key];
      const label = known ? t(known) : key;
      if (isRecord(value) && 'from' in value && 'to' in value) {
        return [changeText(label, key, value, names, t)];
      }
      return [t('{label}：{value}', { label, value: valueText(key, value, names, t) })];
    });
}
