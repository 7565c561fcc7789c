import { z } from 'zod';

/**
 * The audit log (super admins: `GET /admin/audit?…` `AuditQuery` -> `AuditPage`, newest first):
 * every call that changes what a project shows, sends, keeps or lets out, and every download of
 * an export file. An entry says who (the account, or the import command on the server's machine),
 * when, what (the action and its target), in which project, and from where (the client address
 * as the server resolves it behind `TRUSTED_PROXIES`).
 *
 * `details` say what changed and never hold a secret: no password, share token or link, channel
 * address, signing key or model key.
 */
export const AUDIT_ACTION_LABELS = {
  // Tenancy administration (super admins).
  'customer.create': '创建客户',
  'customer.update': '修改客户',
  'project.create': '创建项目',
  'project.update': '修改项目',
  'user.create': '创建用户',
  'user.update': '修改用户',
  'membership.set': '设置项目角色',
  'membership.remove': '移出项目',
  // Manage mode and system configuration.
  'project.settings': '修改系统配置',
  'dashboard.save': '保存页面草稿',
  'dashboard.publish': '发布页面',
  'dashboard.rollback': '回滚页面版本',
  'page_template.save': '保存页面模板',
  'page_template.delete': '删除页面模板',
  'project_data.save': '保存数据项',
  'project_data.delete': '删除数据项',
  // Reports.
  'report.create': '创建报告',
  'report.update': '编辑报告',
  'report.delete': '删除报告',
  'report.publish': '发布报告',
  'report.unpublish': '取消发布报告',
  'report_share.create': '创建分享链接',
  'report_share.revoke': '撤销分享链接',
  'report_image.upload': '上传报告图片',
  'report_image.delete': '删除报告图片',
  'report_theme.save': '保存报告主题',
  'report_theme.delete': '删除报告主题',
  // Early warning.
  'alert_rule.create': '新建预警规则',
  'alert_rule.update': '修改预警规则',
  'alert_rule.delete': '删除预警规则',
  'alert_rule.enable': '启用预警规则',
  'alert_rule.disable': '停用预警规则',
  'alert_channel.replace': '修改通知渠道',
  'alert_channel.test': '测试发送',
  // Scheduled reports.
  'schedule.create': '新建定时报告',
  'schedule.update': '修改定时报告',
  'schedule.delete': '删除定时报告',
  'schedule.send': '立即发送定时报告',
  // Exports.
  'export_template.upload': '上传导出模板',
  'export_template.delete': '删除导出模板',
  'export.posts': '导出帖子',
  'download.file': '下载文件',
  'download.remove': '删除下载任务',
  // Data: posts, tagging, prompts.
  'posts.import': '导入帖子',
  'tagging_rules.replace': '替换标注规则',
  'tagging_rules.import': '导入标注规则',
  'tagging_rules.reload': '重新加载标注规则',
  'retag.start': '开始重新标注',
  // Corrections of the machine's values (issue 25).
  'post.correct_sentiment': '修改倾向',
  'post.clear_duplicate': '清除重复标记',
  'corrections.export': '导出人工修改',
  'prompt.create': '新建提示词',
  'prompt.update': '修改提示词',
  'prompt.delete': '删除提示词',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];

export const AUDIT_TARGET_LABELS = {
  customer: '客户',
  project: '项目',
  subject: '专题',
  user: '用户',
  page_template: '页面模板',
  project_data: '数据项',
  report: '报告',
  report_share: '分享链接',
  report_image: '报告图片',
  report_theme: '报告主题',
  alert_rule: '预警规则',
  schedule: '定时报告',
  export_template: '导出模板',
  download: '下载文件',
  prompt: '提示词',
  post: '帖子',
} as const;

export type AuditTargetType = keyof typeof AUDIT_TARGET_LABELS;
export const AUDIT_TARGET_TYPES = Object.keys(AUDIT_TARGET_LABELS) as [
  AuditTargetType,
  ...AuditTargetType[],
];

/** Who wrote an entry without an account: the import command on the server's own machine. */
export const AUDIT_LOCAL_CLI_ACTOR = '(本机导入命令)';

/**
 * One audited action. `details` say what changed, e.g. `{ name: { from, to } }`,
 * `{ disabled: true }`, `{ password: 'reset' }`, `{ projectId, role }`, `{ imported: 120 }`.
 */
export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  /** The actor's username when the entry was written (kept if the account goes). */
  actorName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.string(),
  /** The target's code, username, title or name when the entry was written. */
  targetName: z.string(),
  /** The project the action was taken in; null for customers and users. */
  projectId: z.string().nullable(),
  /** That project's path when the entry was written. */
  projectName: z.string().nullable(),
  /** The client's address; null for entries written before addresses were kept. */
  address: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditPage = z.object({
  total: z.number().int(),
  items: z.array(auditEntry),
});
export type AuditPage = z.infer<typeof auditPage>;
